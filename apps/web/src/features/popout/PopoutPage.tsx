import { POPOUT_WIDGETS } from '@tapeline/core';
import { Navigate, useParams } from 'react-router';
import { uiText } from '../../lib/uiText.ts';

type Widget = (typeof POPOUT_WIDGETS)[number];

function isWidget(value: string | undefined): value is Widget {
  return (POPOUT_WIDGETS as readonly (string | undefined)[]).includes(value);
}

/** Placeholder: a pop-out renders one widget without chrome; the widgets are later issues. */
export function PopoutPage() {
  const { widget } = useParams();
  if (!isWidget(widget)) return <Navigate to="/dashboard" replace />;
  return (
    <main className="popout" data-testid={`popout-${widget}`}>
      <h1>{uiText.widgetTitles[widget]}</h1>
      <p className="muted">{uiText.comingSoon}</p>
    </main>
  );
}

import { activeLayout, breakpointFor, type Layout, POPOUT_WIDGETS, PRODUCT_NAME } from '@tapeline/core';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { SettingsProvider, useSettings, useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LiveAlerts } from '../alerts/index.ts';
import { ConnectionPill } from '../connection/index.ts';
import { type ClosingMessage, FeedBadge, openPopoutChannel, WIDGETS } from '../dashboard/index.ts';
import { SymbolLayer } from '../symbolLayer/index.ts';
import '../../ui/widget.css';
import './popout.css';

type Widget = (typeof POPOUT_WIDGETS)[number];

function isWidget(value: string | undefined): value is Widget {
  return (POPOUT_WIDGETS as readonly (string | undefined)[]).includes(value);
}

/** /popout/{widget}: only that widget, titled 'Tapeline — <Widget>'. */
export function PopoutPage() {
  const { widget } = useParams();
  if (!isWidget(widget)) return <Navigate to="/dashboard" replace />;
  return (
    <SettingsProvider persistLayouts={false}>
      <PopoutWidget id={widget} />
      <SymbolLayer />
      {/* Live alerts here too (a popped-out Alerts widget stays current); the dashboard speaks them. */}
      <LiveAlerts speak={false} />
    </SettingsProvider>
  );
}

function PopoutWidget({ id }: { id: Widget }) {
  const store = useSettingsStore();
  const { status, layouts, config } = useSettings();
  const layout = activeLayout(layouts);
  const definition = WIDGETS[id];
  const title = definition.title({ id, layout, config });

  useEffect(() => {
    document.title = `${PRODUCT_NAME} — ${title}`;
  }, [title]);

  // Tells the dashboard at once that this window is going (a locked layout reopens it 500 ms
  // later); the dashboard's own poll would notice only up to half a second later.
  useEffect(() => {
    const channel = openPopoutChannel();
    if (!channel) return;
    const goodbye = () => channel.postMessage({ closing: id } satisfies ClosingMessage);
    window.addEventListener('pagehide', goodbye);
    return () => {
      window.removeEventListener('pagehide', goodbye);
      channel.close();
    };
  }, [id]);

  if (status === 'loading') {
    return (
      <main className="popout popout-loading" data-testid={`popout-${id}`}>
        <Spinner />
      </main>
    );
  }
  const onLayoutChange = (change: (l: Layout) => Layout) =>
    store.updateLayouts((all) => all.map((l) => (l.active ? change(l) : l)));
  const { Component, Toolbar } = definition;
  const props = {
    id,
    mode: 'popout' as const,
    size: { w: 4, h: 20 },
    breakpoint: breakpointFor(window.innerWidth),
    layout,
    config,
    onLayoutChange,
  };
  return (
    <main className="popout" data-testid={`popout-${id}`}>
      <section className="widget widget--popout" aria-label={title} data-widget={id}>
        <header className="widget-bar">
          <h1 className="widget-title">{title}</h1>
          <div className="widget-tools">
            <ConnectionPill />
            <FeedBadge />
            {Toolbar && <Toolbar {...props} />}
          </div>
        </header>
        <div className="widget-body">
          <Component {...props} />
        </div>
      </section>
    </main>
  );
}

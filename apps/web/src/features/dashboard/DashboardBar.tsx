import { type Layout, TOGGLE_WIDGETS, WIDGET_TOGGLES, type WidgetToggle } from '@tapeline/core';
import type { ReactNode } from 'react';
import { ScrollRow } from '../../ui/ScrollRow.tsx';
import { dashboardText as text } from './dashboardText.ts';

interface BarProps {
  layout: Layout;
  onToggle(toggle: WidgetToggle): void;
  children?: ReactNode;
}

/**
 * The widget toggles (only while the active layout is unlocked) and the layout menu. On a phone
 * the toggles are one scrolling row: an edge fades and a › button says (and shows) there is more.
 */
export function DashboardBar({ layout, onToggle, children }: BarProps) {
  return (
    <div className="dashboard-bar">
      {layout.locked ? (
        <p className="dashboard-locked muted" data-testid="layout-locked">
          {layout.label} is locked — unlock it to change widgets.
        </p>
      ) : (
        <ScrollRow
          as="fieldset"
          label={text.widgets}
          className="widget-toggles-row"
          listClassName="widget-toggles"
          moreLabel={text.moreToggles}
        >
          {WIDGET_TOGGLES.map((toggle) => {
            const on = TOGGLE_WIDGETS[toggle].some((id) => layout.menu[id]);
            return (
              <button
                key={toggle}
                type="button"
                className={on ? 'toggle is-on' : 'toggle'}
                aria-pressed={on}
                onClick={() => onToggle(toggle)}
              >
                {toggle}
                {toggle === 'DISCOVERY' && <span className="toggle-pro">{text.pro}</span>}
              </button>
            );
          })}
        </ScrollRow>
      )}
      {children}
    </div>
  );
}

import { type Layout, TOGGLE_WIDGETS, WIDGET_TOGGLES, type WidgetToggle } from '@tapeline/core';
import type { ReactNode } from 'react';
import { dashboardText as text } from './dashboardText.ts';

interface BarProps {
  layout: Layout;
  onToggle(toggle: WidgetToggle): void;
  children?: ReactNode;
}

/** The widget toggles (only while the active layout is unlocked) and the layout menu. */
export function DashboardBar({ layout, onToggle, children }: BarProps) {
  return (
    <div className="dashboard-bar">
      {layout.locked ? (
        <p className="dashboard-locked muted" data-testid="layout-locked">
          {layout.label} is locked — unlock it to change widgets.
        </p>
      ) : (
        <fieldset className="widget-toggles" aria-label={text.widgets}>
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
        </fieldset>
      )}
      {children}
    </div>
  );
}

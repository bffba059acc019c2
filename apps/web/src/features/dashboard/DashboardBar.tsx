import { type Layout, TOGGLE_WIDGETS, WIDGET_TOGGLES, type WidgetToggle } from '@tapeline/core';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { dashboardText as text } from './dashboardText.ts';

interface BarProps {
  layout: Layout;
  onToggle(toggle: WidgetToggle): void;
  children?: ReactNode;
}

/** Whether the row of toggles has more to either side than it shows (a phone's scrolling row). */
function useOverflow(locked: boolean) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useLayoutEffect(() => {
    const el = ref.current;
    if (locked || !el) return;
    const measure = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [locked]);
  return { ref, more };
}

/**
 * The widget toggles (only while the active layout is unlocked) and the layout menu. On a phone
 * the toggles are one scrolling row: an edge fades and a › button says (and shows) there is more.
 */
export function DashboardBar({ layout, onToggle, children }: BarProps) {
  const { ref, more } = useOverflow(layout.locked);
  const scrollOn = () => ref.current?.scrollBy({ left: ref.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div className="dashboard-bar">
      {layout.locked ? (
        <p className="dashboard-locked muted" data-testid="layout-locked">
          {layout.label} is locked — unlock it to change widgets.
        </p>
      ) : (
        <div
          className="widget-toggles-row"
          data-more-left={more.left || undefined}
          data-more-right={more.right || undefined}
        >
          <fieldset className="widget-toggles" aria-label={text.widgets} ref={ref}>
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
          {more.right && (
            <button
              type="button"
              className="toggles-more"
              aria-label={text.moreToggles}
              title={text.moreToggles}
              onClick={scrollOn}
            >
              ›
            </button>
          )}
        </div>
      )}
      {children}
    </div>
  );
}

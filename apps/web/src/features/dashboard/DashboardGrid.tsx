import {
  applyGridChange,
  BREAKPOINTS,
  type BreakpointId,
  breakpointFor,
  type DashboardConfig,
  GRID_COLUMNS,
  GRID_MARGIN,
  GRID_ROW_HEIGHT,
  type Layout,
  type PopoutWidgetId,
  toggleMaximized,
  type WidgetId,
} from '@tapeline/core';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Responsive, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { WidgetMode, WidgetProps } from '../../ui/widgetContract.ts';
import { changedCells, type GridItem, shownWidgets, toGridLayouts } from './gridItems.ts';
import { DRAG_HANDLE_CLASS, WidgetFrame } from './WidgetFrame.tsx';
import { WIDGETS } from './widgetRegistry.ts';

const COLS = Object.fromEntries(Object.keys(BREAKPOINTS).map((bp) => [bp, GRID_COLUMNS])) as Record<
  BreakpointId,
  number
>;

interface GridProps {
  layout: Layout;
  config: DashboardConfig;
  onLayoutChange(change: (layout: Layout) => Layout): void;
  onPopout(widget: PopoutWidgetId): void;
  isPoppedOut(widget: WidgetId): boolean;
}

/** The width of the maximised box while one widget is maximised (null until measured). */
function useMaximizedWidth(maximized: WidgetId | null) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!maximized || !node) return;
    setWidth(node.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [maximized]);
  return { ref, width };
}

/** The widget grid: react-grid-layout over the active layout, or one widget maximised. */
export function DashboardGrid({ layout, config, onLayoutChange, onPopout, isPoppedOut }: GridProps) {
  // Measured before the grid is drawn: unmeasured, the hook says 1280 px, and a phone's first
  // paint squeezed the desktop grid into 390 px before the effect corrected it.
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const maximizedWidth = useMaximizedWidth(layout.maximized);
  const breakpoint = useRef<BreakpointId>('xxl');
  // Maximised, the grid is not drawn and not measured: the maximised box has the same width.
  breakpoint.current = breakpointFor(layout.maximized ? maximizedWidth.width || width : width);

  const frame = (id: WidgetId, mode: WidgetMode) => {
    const cell = layout.layout[breakpoint.current][id] ?? layout.layout.xxl[id];
    const props: WidgetProps = {
      id,
      mode,
      size: { w: cell?.w ?? 1, h: cell?.h ?? 1 },
      breakpoint: breakpoint.current,
      layout,
      config,
      onLayoutChange,
    };
    return (
      <WidgetFrame
        definition={WIDGETS[id]}
        props={props}
        onMaximize={() => onLayoutChange((l) => toggleMaximized(l, id))}
        onPopout={onPopout}
        poppedOut={isPoppedOut(id)}
      />
    );
  };

  const onGridChange = useCallback(
    (current: readonly GridItem[]) => {
      onLayoutChange((l) => {
        if (l.locked) return l;
        const cells = changedCells(l, breakpoint.current, current);
        return cells ? applyGridChange(l, breakpoint.current, cells) : l;
      });
    },
    [onLayoutChange],
  );

  if (layout.maximized && layout.menu[layout.maximized]) {
    return (
      <div className="dashboard-maximized" data-testid="maximized" ref={maximizedWidth.ref}>
        {frame(layout.maximized, 'maximized')}
      </div>
    );
  }

  return (
    <div
      ref={containerRef}
      className="dashboard-grid"
      data-locked={layout.locked}
      data-testid="dashboard-grid"
    >
      {mounted && (
        <Responsive
          width={width}
          breakpoints={BREAKPOINTS}
          cols={COLS}
          layouts={toGridLayouts(layout)}
          rowHeight={GRID_ROW_HEIGHT}
          margin={GRID_MARGIN}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: !layout.locked, handle: `.${DRAG_HANDLE_CLASS}` }}
          resizeConfig={{ enabled: !layout.locked, handles: ['se'] }}
          onLayoutChange={(current) => onGridChange(current as readonly GridItem[])}
        >
          {shownWidgets(layout).map((id) => (
            <div key={id} data-testid={`cell-${id}`}>
              {frame(id, 'grid')}
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}

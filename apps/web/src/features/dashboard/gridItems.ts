import {
  BREAKPOINT_IDS,
  type BreakpointId,
  type Cells,
  type Layout,
  WIDGET_IDS,
  type WidgetId,
} from '@tapeline/core';

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW: number;
  minH: number;
  static?: boolean;
}

export function shownWidgets(layout: Layout): WidgetId[] {
  return WIDGET_IDS.filter((id) => layout.menu[id] && layout.layout.xxl[id] !== undefined);
}

/** The active layout as react-grid-layout's per-breakpoint item lists. */
export function toGridLayouts(layout: Layout): Record<BreakpointId, GridItem[]> {
  const shown = shownWidgets(layout);
  const out = {} as Record<BreakpointId, GridItem[]>;
  for (const bp of BREAKPOINT_IDS) {
    out[bp] = shown.flatMap((id) => {
      const cell = layout.layout[bp][id];
      return cell ? [{ i: id, ...cell, static: layout.locked }] : [];
    });
  }
  return out;
}

/** The grid's report back as our cells; null when nothing moved (so nothing is saved). */
export function changedCells(
  layout: Layout,
  breakpoint: BreakpointId,
  items: readonly GridItem[],
): Cells | null {
  const cells: Cells = {};
  let changed = false;
  for (const item of items) {
    const id = item.i as WidgetId;
    const before = layout.layout[breakpoint][id];
    if (!before || !layout.menu[id]) continue;
    const cell = { x: item.x, y: item.y, w: item.w, h: item.h, minW: before.minW, minH: before.minH };
    if (before.x !== cell.x || before.y !== cell.y || before.w !== cell.w || before.h !== cell.h)
      changed = true;
    cells[id] = cell;
  }
  return changed ? cells : null;
}

import { defaultCells } from './defaultCells.ts';
import { findSpace } from './findSpace.ts';
import { BREAKPOINT_IDS, type BreakpointId, GRID_COLUMNS } from './grid.ts';
import {
  type Cell,
  type Cells,
  LAYOUT_KEYS,
  type Layout,
  type LayoutKey,
  layoutsSchema,
  type Popout,
} from './layoutSchema.ts';
import { TOGGLE_WIDGETS, WIDGET_IDS, type WidgetId, type WidgetToggle } from './widgets.ts';

export const LAYOUT_LABELS: Readonly<Record<LayoutKey, string>> = {
  primary: 'Primary',
  optional: 'Optional',
  dynamic: 'Dynamic',
};

/** The chat pop-out every new layout carries (spec §2 Pop-outs): 400 × 600, closed. */
export const CHAT_POPOUT: Popout = { widget: 'chat', screen: { x: 80, y: 80, w: 400, h: 600 }, open: false };

function streamsOf(layout: Pick<Layout, 'menu'>): 1 | 2 {
  return layout.menu.stream2 ? 2 : 1;
}

function allDefaultCells(streams: 1 | 2): Layout['layout'] {
  return Object.fromEntries(BREAKPOINT_IDS.map((bp) => [bp, defaultCells(bp, streams)])) as Layout['layout'];
}

function defaultMenu(): Layout['menu'] {
  const menu = Object.fromEntries(WIDGET_IDS.map((id) => [id, true])) as Layout['menu'];
  return menu;
}

/** A fresh layout: every widget shown, two streams (main and alt), Primary and Optional locked. */
export function defaultLayout(key: LayoutKey): Layout {
  return {
    key,
    label: LAYOUT_LABELS[key],
    layout: allDefaultCells(2),
    menu: defaultMenu(),
    streamSelectedChannel: { stream1: 'main', stream2: 'alt' },
    streamSplit: true,
    popout: [{ ...CHAT_POPOUT, screen: { ...CHAT_POPOUT.screen } }],
    maximized: null,
    locked: key !== 'dynamic',
    active: key === 'dynamic',
  };
}

export function defaultLayouts(): Layout[] {
  return LAYOUT_KEYS.map(defaultLayout);
}

/** Saved layouts as JSON text, or null when they are missing, unparsable or break the rules. */
export function parseLayouts(json: string | null | undefined): Layout[] | null {
  if (!json) return null;
  try {
    const parsed = layoutsSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    return LAYOUT_KEYS.map((key) => parsed.data.find((l) => l.key === key) as Layout);
  } catch {
    return null;
  }
}

export function activeLayout(layouts: readonly Layout[]): Layout {
  return layouts.find((l) => l.active) ?? (layouts[0] as Layout);
}

function replace(layouts: readonly Layout[], key: LayoutKey, change: (layout: Layout) => Layout): Layout[] {
  return layouts.map((l) => (l.key === key ? change(l) : l));
}

export function activate(layouts: readonly Layout[], key: LayoutKey): Layout[] {
  return layouts.map((l) => ({ ...l, active: l.key === key }));
}

export function setLocked(layouts: readonly Layout[], key: LayoutKey, locked: boolean): Layout[] {
  return replace(layouts, key, (l) => ({ ...l, locked }));
}

/** Reset restores the default grid and clears pop-outs (spec §4); name, lock and activity stay. */
export function resetLayout(layouts: readonly Layout[], key: LayoutKey): Layout[] {
  return replace(layouts, key, (l) => {
    const fresh = defaultLayout(key);
    return { ...fresh, locked: l.locked, active: l.active };
  });
}

/** The grid reported new cells for one breakpoint (drag, resize, compaction). */
export function applyGridChange(layout: Layout, breakpoint: BreakpointId, cells: Cells): Layout {
  const merged: Cells = { ...layout.layout[breakpoint] };
  for (const id of WIDGET_IDS) {
    const cell = cells[id];
    if (cell && layout.menu[id]) merged[id] = cell;
  }
  return { ...layout, layout: { ...layout.layout, [breakpoint]: merged } };
}

function visibleCells(layout: Layout, breakpoint: BreakpointId, except: WidgetId): Cell[] {
  const cells = layout.layout[breakpoint];
  return WIDGET_IDS.filter((id) => id !== except && layout.menu[id])
    .map((id) => cells[id])
    .filter((c): c is Cell => c !== undefined);
}

/**
 * `cell` placed as given, and every other cell it would cover moved down below it (and so on for
 * what those then cover), top to bottom: what the grid does when a widget is dropped there.
 */
function insertCell(layout: Layout, breakpoint: BreakpointId, widget: WidgetId, cell: Cell): Cells {
  const cells = layout.layout[breakpoint];
  const placed: Cell[] = [cell];
  const next: Cells = { ...cells, [widget]: cell };
  const others = WIDGET_IDS.filter((id) => id !== widget && layout.menu[id] && cells[id])
    .map((id) => [id, cells[id] as Cell] as const)
    .sort(([, a], [, b]) => a.y - b.y || a.x - b.x);
  for (const [id, original] of others) {
    let c = original;
    for (let hit = overlapsWhich(c, placed); hit; hit = overlapsWhich(c, placed))
      c = { ...c, y: hit.y + hit.h };
    placed.push(c);
    if (c !== original) next[id] = c;
  }
  return next;
}

function overlapsWhich(cell: Cell, others: readonly Cell[]): Cell | undefined {
  return others.find(
    (c) => c.x < cell.x + cell.w && cell.x < c.x + c.w && c.y < cell.y + cell.h && cell.y < c.y + c.h,
  );
}

/**
 * Shows a widget again, in every breakpoint: back in the cell it last had (the widgets that
 * moved into it since move down), or, never placed there, in the first free space of its size.
 */
export function placeWidget(layout: Layout, widget: WidgetId): Layout {
  const next = { ...layout.layout };
  for (const bp of BREAKPOINT_IDS) {
    const saved = layout.layout[bp][widget];
    if (saved && saved.x + saved.w <= GRID_COLUMNS) {
      next[bp] = insertCell(layout, bp, widget, saved);
      continue;
    }
    const size = saved ?? defaultCells(bp, streamsOf(layout))[widget];
    if (!size) continue;
    const spot = findSpace(visibleCells(layout, bp, widget), size.w, size.h);
    next[bp] = { ...next[bp], [widget]: { ...size, ...spot } };
  }
  return { ...layout, layout: next, menu: { ...layout.menu, [widget]: true } };
}

export class LockedLayoutError extends Error {
  constructor() {
    super('Unlock the layout to change its widgets.');
  }
}

/**
 * A top-bar toggle: hides its widgets, or shows them in free space. STREAM keeps at least the
 * first stream shown when turned on; it brings back stream2 too when the layout was split.
 */
export function toggleWidget(layout: Layout, toggle: WidgetToggle): Layout {
  if (layout.locked) throw new LockedLayoutError();
  const widgets = TOGGLE_WIDGETS[toggle];
  const on = widgets.some((id) => layout.menu[id]);
  if (on) {
    const menu = { ...layout.menu };
    for (const id of widgets) menu[id] = false;
    const maximized = layout.maximized && widgets.includes(layout.maximized) ? null : layout.maximized;
    // A layout saved before streamSplit existed says it by showing stream2.
    const streamSplit = layout.streamSplit || (toggle === 'STREAM' && layout.menu.stream2);
    return { ...layout, menu, maximized, streamSplit };
  }
  let next = placeWidget(layout, widgets[0] as WidgetId);
  if (toggle === 'STREAM' && layout.streamSplit) next = placeWidget(next, 'stream2');
  return next;
}

function overlapsAny(cell: Cell, others: readonly Cell[]): boolean {
  return overlapsWhich(cell, others) !== undefined;
}

/** stream2's saved cell when it is still free, else its size in the first free space. */
function stream2Cell(layout: Layout, bp: BreakpointId): Cell {
  const saved = layout.layout[bp].stream2;
  const others = visibleCells(layout, bp, 'stream2');
  if (saved && saved.x + saved.w <= GRID_COLUMNS && !overlapsAny(saved, others)) return saved;
  const size = saved ?? (defaultCells(bp, 2).stream2 as Cell);
  return { ...size, ...findSpace(others, size.w, size.h) };
}

/** stream1 halved for a split: side by side when it is wide enough, else stacked (the desktop default). */
function halves(first: Cell, bp: BreakpointId): [Cell, Cell] | null {
  const size = defaultCells(bp, 2).stream2 as Cell;
  if (first.w >= 2 * first.minW && first.w >= 2) {
    const left = Math.ceil(first.w / 2);
    return [
      { ...first, w: left },
      { ...size, x: first.x + left, y: first.y, w: first.w - left, h: first.h },
    ];
  }
  if (first.h >= 2 * first.minH) {
    const top = Math.ceil(first.h / 2);
    return [
      { ...first, h: top },
      { ...size, x: first.x, y: first.y + top, w: first.w, h: first.h - top },
    ];
  }
  return null;
}

/**
 * Split, in the breakpoint being edited: stream2 takes the right half of stream1 where there is
 * room (or its lower half when stream1 is a narrow column), else free space. Other breakpoints keep
 * stream1 as it is (a desktop split must not halve the phone's stream) and give stream2 its saved
 * cell or free space (below, on a phone).
 */
export function splitStreams(layout: Layout, breakpoint: BreakpointId): Layout {
  if (layout.menu.stream2) return layout;
  const next = { ...layout.layout };
  for (const bp of BREAKPOINT_IDS) {
    const first = layout.layout[bp].stream1;
    const split = bp === breakpoint && first ? halves(first, bp) : null;
    next[bp] = split
      ? { ...next[bp], stream1: split[0], stream2: split[1] }
      : { ...next[bp], stream2: stream2Cell(layout, bp) };
  }
  return {
    ...layout,
    layout: next,
    menu: { ...layout.menu, stream1: true, stream2: true },
    streamSelectedChannel: { stream1: 'main', stream2: 'alt' },
    streamSplit: true,
  };
}

/**
 * Merge: one stream again. In the breakpoint being edited stream1 widens back over the space
 * stream2 had beside it (or grows over it when stacked beneath); other breakpoints keep stream1
 * and stream2's cell for the next split.
 */
export function mergeStreams(layout: Layout, breakpoint: BreakpointId): Layout {
  if (!layout.menu.stream2) return layout;
  const cells = layout.layout[breakpoint];
  const first = cells.stream1;
  const second = cells.stream2;
  let next = layout.layout;
  if (first && second && second.y === first.y && second.x === first.x + first.w) {
    next = { ...next, [breakpoint]: { ...cells, stream1: { ...first, w: first.w + second.w } } };
  } else if (
    first &&
    second &&
    second.x === first.x &&
    second.w === first.w &&
    second.y === first.y + first.h
  ) {
    next = { ...next, [breakpoint]: { ...cells, stream1: { ...first, h: first.h + second.h } } };
  }
  const maximized = layout.maximized === 'stream2' ? 'stream1' : layout.maximized;
  return { ...layout, layout: next, menu: { ...layout.menu, stream2: false }, maximized, streamSplit: false };
}

/** One widget at a time is maximised; maximising it again closes back to the grid. */
export function toggleMaximized(layout: Layout, widget: WidgetId): Layout {
  return { ...layout, maximized: layout.maximized === widget ? null : widget };
}

/** A channel set to none sends every stream of every layout back to main (spec §4). */
export function resetStreamChannels(layouts: readonly Layout[]): Layout[] {
  return layouts.map((l) => ({
    ...l,
    streamSelectedChannel: { stream1: 'main', stream2: 'main' },
    maximized: l.maximized === 'stream2' ? 'stream1' : l.maximized,
  }));
}

/** Records where a pop-out window sits and whether it is open. */
export function setPopout(layout: Layout, popout: Popout): Layout {
  const others = layout.popout.filter((p) => p.widget !== popout.widget);
  return { ...layout, popout: [...others, popout] };
}

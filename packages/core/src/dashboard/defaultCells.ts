import type { BreakpointId } from './grid.ts';
import type { Cell, Cells } from './layoutSchema.ts';
import { WIDGET_IDS, WIDGET_MIN_SIZE, type WidgetId } from './widgets.ts';

type Place = readonly [x: number, y: number, w: number, h: number];
type Table = Readonly<Record<WidgetId, Place>>;

// The spec leaves the numbers open (docs/decisions.md "Dashboard grid"): streams own the left,
// Discovery the top middle, the small widgets fill around it, all above the fold at 1440 × 900.
const WIDE_ONE: Table = {
  stream1: [0, 0, 4, 25],
  stream2: [0, 25, 4, 25],
  discovery: [4, 0, 8, 11],
  meters: [4, 11, 4, 4],
  quote: [8, 11, 4, 4],
  popular: [4, 15, 3, 10],
  alerts: [7, 15, 2, 10],
  news: [9, 15, 3, 10],
  chat: [4, 25, 8, 12],
};
const WIDE_TWO: Table = {
  stream1: [0, 0, 3, 25],
  stream2: [3, 0, 3, 25],
  discovery: [6, 0, 6, 11],
  meters: [6, 11, 3, 4],
  quote: [9, 11, 3, 4],
  popular: [6, 15, 2, 10],
  alerts: [8, 15, 2, 10],
  news: [10, 15, 2, 10],
  chat: [6, 25, 6, 12],
};
const MEDIUM_ONE: Table = {
  stream1: [0, 0, 6, 24],
  stream2: [0, 24, 6, 24],
  discovery: [6, 0, 6, 14],
  meters: [6, 14, 6, 5],
  popular: [6, 19, 3, 10],
  alerts: [9, 19, 3, 10],
  quote: [0, 24, 6, 10],
  news: [6, 29, 6, 10],
  chat: [0, 34, 6, 10],
};
const MEDIUM_TWO: Table = {
  stream1: [0, 0, 6, 20],
  stream2: [6, 0, 6, 20],
  discovery: [0, 20, 12, 14],
  meters: [0, 34, 6, 5],
  popular: [6, 34, 6, 10],
  alerts: [0, 39, 6, 10],
  quote: [0, 49, 6, 10],
  news: [6, 44, 6, 10],
  chat: [6, 54, 6, 10],
};
// Narrow screens stack everything full width, streams first.
const NARROW_ORDER: readonly [WidgetId, number][] = [
  ['stream1', 20],
  ['stream2', 20],
  ['meters', 5],
  ['popular', 10],
  ['alerts', 10],
  ['discovery', 14],
  ['quote', 10],
  ['news', 10],
  ['chat', 12],
];
function narrow(twoStreams: boolean): Table {
  let y = 0;
  const table = {} as Record<WidgetId, Place>;
  for (const [id, h] of NARROW_ORDER) {
    if (id === 'stream2' && !twoStreams) continue;
    table[id] = [0, y, 12, h];
    y += h;
  }
  if (!twoStreams) table.stream2 = [0, y, 12, 20];
  return table;
}
// Two side-by-side streams still fit at 768–991 px; below that they stack.
const TABLES: Readonly<Record<BreakpointId, readonly [one: Table, two: Table]>> = {
  xxl: [WIDE_ONE, WIDE_TWO],
  xl: [WIDE_ONE, WIDE_TWO],
  lg: [MEDIUM_ONE, MEDIUM_TWO],
  md: [MEDIUM_ONE, MEDIUM_TWO],
  sm: [narrow(false), narrow(true)],
  xs: [narrow(false), narrow(true)],
};

function toCell(place: Place, id: WidgetId): Cell {
  const [x, y, w, h] = place;
  return { x, y, w, h, ...WIDGET_MIN_SIZE[id] };
}

/** The default cells of one breakpoint, in its one-stream or two-stream variant. */
export function defaultCells(breakpoint: BreakpointId, streams: 1 | 2): Cells {
  const table = TABLES[breakpoint][streams - 1] as Table;
  const cells: Cells = {};
  for (const id of WIDGET_IDS) cells[id] = toCell(table[id], id);
  return cells;
}

import type { BreakpointId } from './grid.ts';
import type { Cell, Cells } from './layoutSchema.ts';
import { WIDGET_IDS, WIDGET_MIN_SIZE, type WidgetId } from './widgets.ts';

type Place = readonly [x: number, y: number, w: number, h: number];
type Table = Readonly<Record<WidgetId, Place>>;

// The spec leaves the numbers open (docs/decisions.md "Dashboard grid", "A layout for momentum"):
// a momentum trader's screen. The two streams stack in the left quarter, Discovery takes the top
// of the rest at nine columns (its 15 columns nearly all in view), and Quote, Meters, Popular,
// Alerts, News and Chat share the band beneath. Every widget is above the fold: `xl` (1200–1399
// px of grid, a 1440 × 900 screen) holds 25 rows of 31 px under the top bars, `xxl` (a 1920 ×
// 1080 screen; 30 rows also fit 1680 × 1050) holds 30. Discovery's tile fits ≥ 15 compact rows.
const XL_TWO: Table = {
  stream1: [0, 0, 3, 13],
  stream2: [0, 13, 3, 12],
  discovery: [3, 0, 9, 15],
  quote: [3, 15, 3, 4],
  meters: [3, 19, 3, 6],
  popular: [6, 15, 2, 5],
  alerts: [6, 20, 2, 5],
  news: [8, 15, 2, 10],
  chat: [10, 15, 2, 10],
};
const XXL_TWO: Table = {
  stream1: [0, 0, 3, 15],
  stream2: [0, 15, 3, 15],
  discovery: [3, 0, 9, 18],
  quote: [3, 18, 3, 6],
  meters: [3, 24, 3, 6],
  popular: [6, 18, 2, 6],
  alerts: [6, 24, 2, 6],
  news: [8, 18, 2, 12],
  chat: [10, 18, 2, 12],
};
/** One stream: it takes the whole left column; stream2's cell waits below for a split. */
const oneStream = (two: Table, rows: number): Table => ({
  ...two,
  stream1: [0, 0, 3, rows],
  stream2: [0, rows, 3, (two.stream2 as Place)[3]],
});
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
// Narrow screens stack everything full width, streams first: both streams fill the first screen
// of a 390 × 844 phone (22 rows under the top bars), then what a trader checks next.
const PHONE_SCREEN_ROWS = 22;
const NARROW_ORDER: readonly [WidgetId, number][] = [
  ['stream1', PHONE_SCREEN_ROWS / 2],
  ['stream2', PHONE_SCREEN_ROWS / 2],
  ['alerts', 8],
  ['discovery', 14],
  ['news', 10],
  ['quote', 8],
  ['meters', 5],
  ['popular', 8],
  ['chat', 12],
];
function narrow(twoStreams: boolean): Table {
  let y = 0;
  const table = {} as Record<WidgetId, Place>;
  for (const [id, h] of NARROW_ORDER) {
    if (id === 'stream2' && !twoStreams) continue;
    const height = id === 'stream1' && !twoStreams ? PHONE_SCREEN_ROWS : h;
    table[id] = [0, y, 12, height];
    y += height;
  }
  if (!twoStreams) table.stream2 = [0, y, 12, PHONE_SCREEN_ROWS / 2];
  return table;
}
// Two side-by-side streams still fit at 768–991 px; below that they stack.
const TABLES: Readonly<Record<BreakpointId, readonly [one: Table, two: Table]>> = {
  xxl: [oneStream(XXL_TWO, 30), XXL_TWO],
  xl: [oneStream(XL_TWO, 25), XL_TWO],
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

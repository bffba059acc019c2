// Discovery table in the browser's code path (issue 13 "Done when": sorting and filtering 10,000
// rows ≤ 16 ms, one frame): the web table's own pipeline (features/discovery/table/visibleRows:
// toolbar filters, the shared smart-filter evaluator of @tapeline/market, core's display rows and
// compareRows), run here in Node on the same V8 as Chromium. Figures, never pass/fail.
import { loadavg } from 'node:os';
import {
  applyDiscoveryPatch,
  compareRows,
  DEFAULT_DISCOVERY_SORT,
  type DiscoveryLiveRow,
  type DiscoverySort,
  defaultDiscoveryColumns,
  hiddenDiscoveryKeys,
  type ServedDiscoveryRow,
  type SmartFilter,
  SQUEEZE_SORT_CYCLE,
  toDisplayRows,
} from '@tapeline/core';
import { compileSmartFilter, type DiscoveryRow, spyPriceDist } from '@tapeline/market';
import { diffRows, patchRoom } from '../apps/server/src/modules/market/dataHost/discoveryLive.ts';
import { type RowFilters, visibleRows } from '../apps/web/src/features/discovery/table/visibleRows.ts';

const ROWS = 10_000;
const RUNS = 40;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A full-market 1-day snapshot as Pro Plus receives it: every key, some unknown (null). */
export function discoverySnapshot(count = ROWS, seed = 13): ServedDiscoveryRow[] {
  const rand = rng(seed);
  const maybe = (value: number, nullShare = 0.08) => (rand() < nullShare ? null : value);
  const rows: ServedDiscoveryRow[] = [];
  for (let i = 0; i < count; i++) {
    const last = Math.round((0.2 + rand() * 400) * 100) / 100;
    const pct = (rand() - 0.45) * 30;
    const volume = Math.floor(rand() ** 3 * 5e7);
    rows.push({
      s: i === 0 ? 'SPY' : `S${i.toString(36).toUpperCase()}`,
      l: last,
      p: rand() < 0.03 ? null : [pct, (last * pct) / 100],
      pl: maybe(last / (1 + pct / 100)),
      v: volume,
      av: maybe(volume * (0.5 + rand())),
      m: Math.floor((rand() - 0.5) * 40),
      u: maybe((rand() - 0.3) * 400),
      vw: maybe((rand() - 0.5) * 10),
      e: [1, 2, 5, 9, 13, 16, 21][i % 7] as number,
      f: maybe(rand() < 0.05 ? -1 : rand() * 5e8),
      sr: maybe(rand() * 15),
      t: rand() < 0.01 ? 1 : 0,
      n: maybe(Date.UTC(2026, 10, 20) + Math.floor(rand() * 3.6e7), 0.7),
      g: maybe((rand() - 0.5) * last * 0.1),
      z: maybe(Math.floor((rand() - 0.4) * 20), 0.2),
      tr: maybe(rand() * 12),
      st: rand() < 0.1 ? null : [rand() < 0.5 ? 1 : -1, last * (0.9 + rand() * 0.2), rand() < 0.05 ? 1 : 0],
      mf: [volume * last, maybe((rand() - 0.5) * 200)],
      rv: [volume, maybe((rand() - 0.5) * 200)],
    });
  }
  return rows;
}

/** Median and worst of `runs` timings of `fn` (ms), after a warm-up. */
function time(fn: () => unknown, runs = RUNS): { median: number; max: number } {
  for (let i = 0; i < 5; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)] as number, max: ms[ms.length - 1] as number };
}

const round = (x: number) => Math.round(x * 100) / 100;

/** A typical saved smart filter: gainers on volume with a small float, in a few sectors. */
const SMART: SmartFilter = {
  type: 'all',
  values: { price_dist: { min: 2, max: null }, uVol: { min: 50, max: null }, float: { min: null, max: 2e8 } },
};

export interface DiscoveryTableFigures {
  discovery_table_rows: number;
  discovery_table_ms: number;
  discovery_table_ms_max: number;
  discovery_table_filtered_ms: number;
  discovery_sort_worst_ms: number;
  discovery_sort_worst_column: string;
  discovery_smart_filter_ms: number;
  discovery_live_patch_ms: number;
  discovery_live_diff_ms: number;
  /** The machine's 1-minute load average when the run ended: figures are only comparable at similar loads. */
  discovery_load_average: number;
}

export function benchDiscoveryTable(count = ROWS): DiscoveryTableFigures {
  const rows = discoverySnapshot(count);
  const columns = defaultDiscoveryColumns();
  const none: RowFilters = { sectors: [], favourites: null, search: '', smart: null };
  const filtered: RowFilters = { sectors: [1, 5, 13, 16], favourites: null, search: '', smart: SMART };

  // The table's whole pipeline: every row shown, default sort (price_dist desc).
  const all = time(() => visibleRows(rows, none, DEFAULT_DISCOVERY_SORT, columns));
  const narrowed = time(() => visibleRows(rows, filtered, DEFAULT_DISCOVERY_SORT, columns));

  // compareRows alone over the display rows, every column and squeeze state; the worst is reported.
  const display = toDisplayRows(rows);
  const sorts: DiscoverySort[] = [
    ...(
      ['symbol', 'price_dist', 'volume', 'moneyflow', 'float', 'momentum', 'uVol', 'vWapDist'] as const
    ).map((column) => ({ column, dir: 'desc' as const })),
    ...(['short_ratio', 'atr', 'trend', 'rs', 'gap'] as const).map((column) => ({
      column,
      dir: 'asc' as const,
    })),
    ...SQUEEZE_SORT_CYCLE.map((dir) => ({ column: 'squeeze' as const, dir })),
  ];
  let worst = { ms: 0, column: '' };
  for (const sort of sorts) {
    const compare = compareRows(sort, columns);
    const { median } = time(() => [...display].sort(compare), 15);
    if (median > worst.ms) worst = { ms: median, column: `${sort.column} ${sort.dir}` };
  }

  // The shared evaluator alone (as filtered alerts run it).
  const spy = spyPriceDist(rows);
  const smart = compileSmartFilter(SMART, { spyPriceDist: spy });
  const evaluator = rows as unknown as DiscoveryRow[];
  const smartOnly = time(() => evaluator.filter(smart));

  // Live mode's second: a patch of 5 % of the rows merged, then the table recomputed.
  const rand = rng(99);
  const patch = {
    rows: rows.filter(() => rand() < 0.05).map((r) => ({ ...r, l: r.l * 1.001, v: r.v + 100 })),
    removed: [] as string[],
  };
  const live = time(() =>
    visibleRows(applyDiscoveryPatch(rows, patch), none, DEFAULT_DISCOVERY_SORT, columns),
  );

  // The server's second (per node, whatever the sockets): what changed in one timeframe's full
  // rows, found once, then each of the three plans' rooms patched from it. patchRoom updates the
  // room's rows in place, so each run gets its own copies (made before the clock starts).
  const served = rows as unknown as DiscoveryLiveRow[];
  const next = applyDiscoveryPatch(served, patch as { rows: DiscoveryLiveRow[]; removed: string[] });
  const fullBefore = { ts: 0, rows: diffRows(undefined, served, []).after };
  const levels = (['proplus', 'oldpro', 'pro'] as const).map((access) => {
    const hidden = hiddenDiscoveryKeys(access);
    const held = diffRows(undefined, served, hidden).after;
    return { hidden, copies: Array.from({ length: 20 }, () => new Map(held)) };
  });
  const diff = time(() => {
    const all = diffRows(fullBefore, next, []);
    for (const { hidden, copies } of levels)
      patchRoom(copies.pop() ?? new Map(), all.rows, all.removed, hidden);
  }, 15);

  return {
    discovery_table_rows: count,
    discovery_table_ms: round(all.median),
    discovery_table_ms_max: round(all.max),
    discovery_table_filtered_ms: round(narrowed.median),
    discovery_sort_worst_ms: round(worst.ms),
    discovery_sort_worst_column: worst.column,
    discovery_smart_filter_ms: round(smartOnly.median),
    discovery_live_patch_ms: round(live.median),
    discovery_live_diff_ms: round(diff.median),
    discovery_load_average: round(loadavg()[0] ?? 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = benchDiscoveryTable();
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(30)} ${value}`);
}

import {
  FILTER_COLUMNS,
  type FilteredAlert,
  type FilterRange,
  type ServedDiscoveryRow,
  SINGLE_VALUE_COLUMNS,
} from '@tapeline/core';

// The smart filter: ONE evaluator for the Discovery smart filter and for filtered (Pro Plus)
// alerts. A filter compiles once into flat arrays — per condition a column and a list of
// closed intervals [lo, hi] — and every column, squeeze option, trend and threshold becomes
// such an interval, so a row test is a few comparisons with no allocation. An unknown value
// (null in the row) is NaN here and fails every interval.
//
// Columns (core FILTER_COLUMNS, in that order, then the sector) read these row fields:
//   atr → tr · avgVolume → av · float → f · gap → g / pl × 100 · last → l · price_dist → p[0]
//   momentum → m · mf_price → mf[0] · mf_dist → mf[1] · rs → p[0] − SPY's p[0]
//   short_ratio → sr · squeeze → z · trend → st[0] (1 up, −1 down)
//   trend_change → st[0] when st[2] says the trend flipped in the current bar, else 0
//   uVol → u · rv_price → rv[0] · rv_dist → rv[1] · vWapDist → vw · sector → e
// Range columns: min/max inclusive, null or missing = unbounded on that side. Single-value
// columns (core SINGLE_VALUE_COLUMNS): min ≥ 0 means value ≥ min, negative means value ≤ min.
// Squeeze: NOW is z = 0, PRE p is z ≥ p (in squeeze at least p bars), POST q is q ≤ z < 0
// (fired within |q| bars); any selected option matches. `all` needs every condition, `any` at
// least one; the sector list applies in both (empty: nothing matches; no list: every sector).
// A filter without value conditions is decided by its sector list alone.
// Rows may be tier-stripped (the browser's Discovery table runs this too): a column the plan may
// not see is absent, reads as unknown, and fails its condition like null.

/** What a filter needs to be compiled: a saved filtered alert, or the Discovery modal's draft. */
export type SmartFilterSpec = Pick<FilteredAlert, 'type' | 'values'> & {
  sector?: { min: readonly number[] };
};

/** Column index of the sector; 0…17 are FILTER_COLUMNS in order. */
export const SECTOR_COLUMN = FILTER_COLUMNS.length;
export const SMART_COLUMN_COUNT = SECTOR_COLUMN + 1;
const COL = Object.fromEntries(FILTER_COLUMNS.map((c, i) => [c, i])) as Record<
  (typeof FILTER_COLUMNS)[number],
  number
>;
const SINGLE = new Set<string>(SINGLE_VALUE_COLUMNS);
const INF = Number.POSITIVE_INFINITY;
const N = Number.NaN;

export interface CompiledSmartFilter {
  readonly any: boolean;
  /** Number of value conditions (the sector is kept apart). */
  readonly count: number;
  /** Column of each condition. */
  readonly column: Int32Array;
  /** Condition c's intervals are [first[c], first[c + 1]) in lo/hi. */
  readonly first: Int32Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  /** Allowed sector codes as a bit set over 0…1023; null when every sector is allowed. */
  readonly sectors: Uint32Array | null;
  /** Allowed sector codes, ascending; null when every sector is allowed. */
  readonly sectorList: readonly number[] | null;
  /** Same for two filters that match the same rows by construction: dedupes identical filters. */
  readonly key: string;
}

/** A column's value in a row, NaN when unknown. `spy` is SPY's % change (NaN when unknown). */
export function smartValue(r: ServedDiscoveryRow, column: number, spy: number): number {
  switch (column) {
    case 0:
      return r.tr ?? N;
    case 1:
      return r.av ?? N;
    case 2:
      return r.f ?? N;
    case 3:
      return r.g !== null && r.g !== undefined && r.pl !== null && r.pl > 0 ? (r.g / r.pl) * 100 : N;
    case 4:
      return r.l;
    case 5:
      return r.p === null ? N : r.p[0];
    case 6:
      return r.m;
    case 7:
      return r.mf ? r.mf[0] : N;
    case 8:
      return r.mf?.[1] ?? N;
    case 9:
      return r.p === null ? N : r.p[0] - spy;
    case 10:
      return r.sr ?? N;
    case 11:
      return r.z ?? N;
    case 12:
      return r.st ? r.st[0] : N;
    case 13:
      return r.st ? (r.st[2] === 1 ? r.st[0] : 0) : N;
    case 14:
      return r.u ?? N;
    case 15:
      return r.rv[0];
    case 16:
      return r.rv[1] ?? N;
    case 17:
      return r.vw ?? N;
    case SECTOR_COLUMN:
      return r.e;
    default:
      return N;
  }
}

/** SPY's % change in a snapshot (the `rs` baseline), or null when SPY is not in it. */
export function spyPriceDist(rows: readonly Pick<ServedDiscoveryRow, 's' | 'p'>[]): number | null {
  for (const r of rows) if (r.s === 'SPY') return r.p === null ? null : r.p[0];
  return null;
}

function intervalsOf(column: string, raw: unknown): [number, number][] {
  if (column === 'squeeze') {
    const s = (raw as { min: { NOW?: boolean; PRE?: number | null; POST?: number | null } }).min;
    const out: [number, number][] = [];
    if (s.NOW) out.push([0, 0]);
    if (s.PRE !== null && s.PRE !== undefined) out.push([s.PRE, INF]);
    // "fired within |q| bars": q ≤ z < 0; the squeeze count is an integer, so < 0 is ≤ −1.
    if (s.POST !== null && s.POST !== undefined) out.push([-Math.abs(s.POST), -1]);
    return out;
  }
  if (column === 'trend' || column === 'trend_change') {
    const up = (raw as { min: string }).min === 'up';
    return [up ? [1, 1] : [-1, -1]];
  }
  const r = raw as FilterRange;
  const min = r.min ?? null;
  const max = r.max ?? null;
  if (SINGLE.has(column)) {
    if (min === null) return [[-INF, INF]];
    return [min >= 0 ? [min, INF] : [-INF, min]];
  }
  return [[min ?? -INF, max ?? INF]];
}

/** Compiles a filter into flat arrays (once per filter, not per row). */
export function compileConditions(filter: SmartFilterSpec): CompiledSmartFilter {
  const entries = Object.entries(filter.values)
    .filter(([c, v]) => v !== undefined && c in COL)
    .map(([c, v]) => [COL[c as keyof typeof COL] as number, intervalsOf(c, v)] as const)
    .sort((a, b) => a[0] - b[0]);
  const count = entries.length;
  const column = new Int32Array(count);
  const first = new Int32Array(count + 1);
  const lo: number[] = [];
  const hi: number[] = [];
  const keyParts: string[] = [];
  entries.forEach(([c, intervals], k) => {
    column[k] = c;
    first[k] = lo.length;
    const sorted = [...intervals].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [a, b] of sorted) {
      lo.push(a);
      hi.push(b);
    }
    keyParts.push(`${c}:${sorted.map(([a, b]) => `${a}~${b}`).join(',')}`);
  });
  first[count] = lo.length;
  let sectors: Uint32Array | null = null;
  let sectorList: number[] | null = null;
  if (filter.sector) {
    sectors = new Uint32Array(32);
    sectorList = [...new Set(filter.sector.min)].filter((c) => c >= 0 && c < 1024).sort((a, b) => a - b);
    for (const code of sectorList) sectors[code >>> 5] = (sectors[code >>> 5] as number) | (1 << (code & 31));
  }
  const any = filter.type === 'any';
  const key = `${any ? 'any' : 'all'}|${keyParts.join('|')}|s:${sectorList === null ? '*' : sectorList.join(',')}`;
  return {
    any,
    count,
    column,
    first,
    lo: Float64Array.from(lo),
    hi: Float64Array.from(hi),
    sectors,
    sectorList,
    key,
  };
}

/** Whether value v satisfies condition c (NaN never does). */
export function conditionHolds(f: CompiledSmartFilter, c: number, v: number): boolean {
  const end = f.first[c + 1] as number;
  for (let k = f.first[c] as number; k < end; k++) {
    if (v >= (f.lo[k] as number) && v <= (f.hi[k] as number)) return true;
  }
  return false;
}

export function sectorAllowed(f: CompiledSmartFilter, code: number): boolean {
  const s = f.sectors;
  return s === null || (code >= 0 && code < 1024 && (((s[code >>> 5] as number) >>> (code & 31)) & 1) === 1);
}

/** The whole test on one row. */
export function rowMatches(f: CompiledSmartFilter, row: ServedDiscoveryRow, spy: number): boolean {
  if (!sectorAllowed(f, row.e)) return false;
  const n = f.count;
  if (n === 0) return true;
  for (let c = 0; c < n; c++) {
    const ok = conditionHolds(f, c, smartValue(row, f.column[c] as number, spy));
    if (f.any ? ok : !ok) return f.any;
  }
  return !f.any;
}

/** A row predicate for a filter; `spyPriceDist` is SPY's % change in the same snapshot. */
export function compileSmartFilter(
  filter: SmartFilterSpec,
  ctx: { spyPriceDist: number | null },
): (row: ServedDiscoveryRow) => boolean {
  const f = compileConditions(filter);
  const spy = ctx.spyPriceDist ?? N;
  return (row) => rowMatches(f, row, spy);
}

/** How many rows of a snapshot a filter matches (filtered-alert validation, §7). */
export function countMatches(rows: readonly ServedDiscoveryRow[], filter: SmartFilterSpec): number {
  const f = compileConditions(filter);
  const spy = spyPriceDist(rows) ?? N;
  let n = 0;
  for (const row of rows) if (rowMatches(f, row, spy)) n++;
  return n;
}

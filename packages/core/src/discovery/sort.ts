import type { DiscoveryColumnOption } from '../dashboard/configSchema.ts';
import type { DiscoveryColumnId } from './columnIds.ts';
import { displayOf } from './columns.ts';
import type { DiscoveryDisplayRow } from './displayRow.ts';

// Discovery sorting (discovery spec §4), exactly:
// - a different column starts descending; squeeze starts at 'now'; the same column toggles;
// - squeeze cycles now → pre ascending → pre descending → post ascending → post descending;
// - uVol and float: positive values first, invalid or negative last;
// - moneyflow and volume: numeric non-zero values first, others last;
// - price_dist, atr and gap sort by the $ or % variant their column displays;
// - the default is price_dist descending.
// Unknown values ('-') go last in every order. Ties fall back to the symbol (A→Z) so the order
// is total and a refresh does not shuffle equal rows.

export type SortableColumnId = Exclude<DiscoveryColumnId, 'actions'>;
export type SortDirection = 'asc' | 'desc';
export const SQUEEZE_SORT_CYCLE = ['now', 'pre_asc', 'pre_desc', 'post_asc', 'post_desc'] as const;
export type SqueezeSortState = (typeof SQUEEZE_SORT_CYCLE)[number];

export type DiscoverySort =
  | { column: Exclude<SortableColumnId, 'squeeze'>; dir: SortDirection }
  | { column: 'squeeze'; dir: SqueezeSortState };

export const DEFAULT_DISCOVERY_SORT: DiscoverySort = { column: 'price_dist', dir: 'desc' };

/** The sort after a click on a column header. */
export function nextSort(current: DiscoverySort, column: SortableColumnId): DiscoverySort {
  if (column === 'squeeze') {
    if (current.column !== 'squeeze') return { column, dir: 'now' };
    const i = SQUEEZE_SORT_CYCLE.indexOf(current.dir);
    return { column, dir: SQUEEZE_SORT_CYCLE[(i + 1) % SQUEEZE_SORT_CYCLE.length] as SqueezeSortState };
  }
  if (current.column !== column) return { column, dir: 'desc' };
  return { column, dir: current.dir === 'desc' ? 'asc' : 'desc' };
}

type Row = DiscoveryDisplayRow;
type Num = (r: Row) => number | null;

/**
 * How a column orders: a group per row (lower first) and a number inside the group, ordered by
 * `dir`. Group 2 is always "unknown".
 */
interface Key {
  group: (r: Row) => number;
  value: Num;
}

const finite = (x: number | null | '-'): x is number => typeof x === 'number' && Number.isFinite(x);

/** Known values first, unknown last. */
function plain(value: Num): Key {
  return { value, group: (r) => (finite(value(r)) ? 0 : 2) };
}

/** §4 uVol/float: positive first, zero or negative next, unknown last. */
function positiveFirst(value: Num): Key {
  return {
    value,
    group: (r) => {
      const v = value(r);
      return !finite(v) ? 2 : v > 0 ? 0 : 1;
    },
  };
}

/** §4 moneyflow/volume: non-zero first, zero next, unknown last. */
function nonZeroFirst(value: Num): Key {
  return {
    value,
    group: (r) => {
      const v = value(r);
      return !finite(v) ? 2 : v !== 0 ? 0 : 1;
    },
  };
}

const squeezeOf = (r: Row): number | null => (r.squeeze === '-' ? null : r.squeeze);

/**
 * Squeeze states: 'now' puts z = 0 first (then pre, then post, by closeness to firing); pre
 * orders the in-squeeze rows (z > 0) by their bar count; post orders the fired rows (z < 0) by
 * how many bars ago they fired (|z|). Rows outside the state's range follow, unknown last.
 */
function squeezeKey(state: SqueezeSortState): Key {
  if (state === 'now') {
    return {
      value: (r) => {
        const z = squeezeOf(r);
        return z === null ? null : z >= 0 ? z : 1e9 - z;
      },
      group: (r) => {
        const z = squeezeOf(r);
        return z === null ? 2 : z === 0 ? 0 : 1;
      },
    };
  }
  const pre = state.startsWith('pre');
  return {
    value: (r) => {
      const z = squeezeOf(r);
      return z === null ? null : Math.abs(z);
    },
    group: (r) => {
      const z = squeezeOf(r);
      return z === null ? 2 : (pre ? z > 0 : z < 0) ? 0 : 1;
    },
  };
}

function keyOf(column: SortableColumnId, columns: readonly DiscoveryColumnOption[] | undefined): Key | null {
  const dollars = (c: DiscoveryColumnId) => displayOf(columns, c) === '$';
  switch (column) {
    case 'symbol':
      return null;
    case 'price_dist':
      return plain(dollars('price_dist') ? (r) => r.dollar_dist : (r) => r.price_dist);
    case 'atr':
      return plain(dollars('atr') ? (r) => r.atr_dollar_dist : (r) => r.atr);
    case 'gap':
      return plain(dollars('gap') ? (r) => r.gap : (r) => r.gap_percent_dist);
    case 'volume':
      return nonZeroFirst((r) => r.volume);
    case 'moneyflow':
      return nonZeroFirst((r) => r.moneyflow);
    case 'uVol':
      return positiveFirst((r) => r.uVol);
    case 'float':
      return positiveFirst((r) => r.float);
    case 'momentum':
      return plain((r) => r.momentum);
    case 'vWapDist':
      return plain((r) => r.vWapDist);
    case 'short_ratio':
      return plain((r) => r.short_ratio);
    case 'rs':
      return plain((r) => r.rs);
    case 'trend':
      // Up before down when descending; inside a direction, by the trend's price point.
      return plain((r) => (r.trend === null ? null : r.trend[0] * 1e12 + r.trend[1]));
    case 'squeeze':
      return null;
  }
}

const bySymbol = (a: Row, b: Row) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/** A comparator for Array.prototype.sort under a sort state and the column display options. */
export function compareRows(
  sort: DiscoverySort,
  columns?: readonly DiscoveryColumnOption[],
): (a: Row, b: Row) => number {
  if (sort.column === 'symbol') {
    return sort.dir === 'asc' ? bySymbol : (a, b) => bySymbol(b, a);
  }
  const key = sort.column === 'squeeze' ? squeezeKey(sort.dir) : (keyOf(sort.column, columns) as Key);
  const sign =
    sort.column === 'squeeze' ? (sort.dir.endsWith('desc') ? -1 : 1) : sort.dir === 'desc' ? -1 : 1;
  return (a, b) => {
    const ga = key.group(a);
    const gb = key.group(b);
    if (ga !== gb) return ga - gb;
    if (ga !== 2) {
      const d = (key.value(a) as number) - (key.value(b) as number);
      if (d !== 0) return sign * d;
    }
    return bySymbol(a, b);
  };
}

/** A sorted copy. */
export function sortRows(
  rows: readonly Row[],
  sort: DiscoverySort,
  columns?: readonly DiscoveryColumnOption[],
): Row[] {
  return [...rows].sort(compareRows(sort, columns));
}

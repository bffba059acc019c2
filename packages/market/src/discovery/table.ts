import type { DiscoveryRow } from './row.ts';

// The Discovery table filters and sorts the same snapshot many times between refreshes (every
// keystroke, every header click). Its numeric columns are laid out once per snapshot as typed
// arrays, so each filter + sort is a scan and an index sort, with no object property loads.

export const TABLE_COLUMNS = [
  'last',
  'change',
  'volume',
  'avgVolume',
  'float',
  'uVol',
  'vwapDist',
  'atr',
] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

export interface DiscoveryColumns {
  readonly count: number;
  readonly rows: readonly DiscoveryRow[];
  readonly values: Readonly<Record<TableColumn, Float64Array>>;
}

const value: Record<TableColumn, (row: DiscoveryRow) => number | null> = {
  last: (r) => r.l,
  change: (r) => r.p?.[0] ?? null,
  volume: (r) => r.v,
  avgVolume: (r) => r.av,
  float: (r) => r.f,
  uVol: (r) => r.u,
  vwapDist: (r) => r.vw,
  atr: (r) => r.tr ?? null,
};

/** Lays a snapshot's numeric columns out once; unknown values are NaN. */
export function toColumns(rows: readonly DiscoveryRow[]): DiscoveryColumns {
  const count = rows.length;
  const values = {} as Record<TableColumn, Float64Array>;
  for (const column of TABLE_COLUMNS) {
    const out = new Float64Array(count);
    const read = value[column];
    for (let i = 0; i < count; i++) out[i] = read(rows[i] as DiscoveryRow) ?? Number.NaN;
    values[column] = out;
  }
  return { count, rows, values };
}

export interface RangeFilter {
  column: TableColumn;
  min?: number;
  max?: number;
}

/**
 * Row indices that pass every range (an unknown value fails a bounded range), ordered by
 * `sortBy` — unknown values last in either direction, ties in snapshot order.
 */
export function filterSort(
  table: DiscoveryColumns,
  filters: readonly RangeFilter[],
  sortBy: TableColumn,
  descending = true,
): Uint32Array {
  const kept = new Uint32Array(table.count);
  let k = 0;
  outer: for (let i = 0; i < table.count; i++) {
    for (const f of filters) {
      const x = (table.values[f.column] as Float64Array)[i] as number;
      if (f.min !== undefined && !(x >= f.min)) continue outer;
      if (f.max !== undefined && !(x <= f.max)) continue outer;
    }
    kept[k++] = i;
  }
  const key = table.values[sortBy];
  const sign = descending ? -1 : 1;
  const order = kept.subarray(0, k);
  order.sort((a, b) => {
    const x = key[a] as number;
    const y = key[b] as number;
    if (Number.isNaN(x)) return Number.isNaN(y) ? a - b : 1;
    if (Number.isNaN(y)) return -1;
    return x === y ? a - b : sign * (x - y);
  });
  return order;
}

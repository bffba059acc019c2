import {
  compareRows,
  type DiscoveryColumnOption,
  type DiscoveryDisplayRow,
  type DiscoverySort,
  type ServedDiscoveryRow,
  type SmartFilter,
  sectorSelected,
  spyPriceDistOf,
  toDisplayRow,
} from '@tapeline/core';
import { compileSmartFilter, type DiscoveryRow } from '@tapeline/market';

export interface RowFilters {
  /** Sector codes; [] is All. */
  sectors: readonly number[];
  /** The favourite symbols when the favourites toggle is on, else null. */
  favourites: ReadonlySet<string> | null;
  /** Upper-cased symbol search; '' for none. */
  search: string;
  /** The applied smart filter; null is Default. */
  smart: Pick<SmartFilter, 'type' | 'values'> | null;
}

// A plan without money flow gets rows without `mf`; the shared evaluator reads it as unknown.
const UNKNOWN_FLOW: DiscoveryRow['mf'] = [Number.NaN, null];
const forEvaluator = (r: ServedDiscoveryRow): DiscoveryRow =>
  ({ ...r, mf: r.mf ?? UNKNOWN_FLOW, z: r.z ?? null, st: r.st ?? null }) as DiscoveryRow;

/**
 * The rows the table lists, in order: the toolbar's sector, favourites and search, the smart
 * filter (the same evaluator as filtered alerts, @tapeline/market compileSmartFilter), shown as
 * core's display rows (rs against the whole snapshot's SPY) and sorted by core's compareRows.
 */
export function visibleRows(
  rows: readonly ServedDiscoveryRow[],
  filters: RowFilters,
  sort: DiscoverySort,
  columns: readonly DiscoveryColumnOption[],
): DiscoveryDisplayRow[] {
  const spy = spyPriceDistOf(rows);
  const smart = filters.smart ? compileSmartFilter(filters.smart, { spyPriceDist: spy }) : null;
  const { sectors, favourites, search } = filters;
  const out: DiscoveryDisplayRow[] = [];
  for (const r of rows) {
    if (!sectorSelected(sectors, r.e)) continue;
    if (favourites && !favourites.has(r.s)) continue;
    if (search && !r.s.startsWith(search)) continue;
    if (smart && !smart(forEvaluator(r))) continue;
    out.push(toDisplayRow(r, spy));
  }
  return out.sort(compareRows(sort, columns));
}

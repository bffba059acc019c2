import type { FilterColumn, FilteredAlert, FilterRange, SqueezeValue, TrendValue } from '@tapeline/core';
import type { DiscoveryRow } from '@tapeline/market';

// Interim: how many Discovery rows a filter matches, until @tapeline/market's smartFilter
// (compileSmartFilter / countMatches) lands; then this file goes and the import moves there.

type Filter = Pick<FilteredAlert, 'type' | 'values'> & { sector?: { min: readonly number[] } };

const read: Partial<Record<FilterColumn, (r: DiscoveryRow, spy: number) => number | null>> = {
  atr: (r) => r.tr,
  avgVolume: (r) => r.av,
  float: (r) => r.f,
  gap: (r) => (r.g !== null && r.pl ? (r.g / r.pl) * 100 : null),
  last: (r) => r.l,
  price_dist: (r) => r.p?.[0] ?? null,
  momentum: (r) => r.m,
  mf_price: (r) => r.mf[0],
  mf_dist: (r) => r.mf[1],
  rs: (r, spy) => (r.p ? r.p[0] - spy : null),
  short_ratio: (r) => r.sr,
  uVol: (r) => r.u,
  rv_price: (r) => r.rv[0],
  rv_dist: (r) => r.rv[1],
  vWapDist: (r) => r.vw,
};

function test(column: FilterColumn, raw: unknown, row: DiscoveryRow, spy: number): boolean {
  if (column === 'squeeze') {
    const s = (raw as SqueezeValue).min;
    const z = row.z;
    if (z === null) return false;
    return (!!s.NOW && z === 0) || (s.PRE != null && z >= s.PRE) || (s.POST != null && z <= s.POST && z < 0);
  }
  if (column === 'trend' || column === 'trend_change') {
    const want = (raw as TrendValue).min === 'up' ? 1 : -1;
    return row.st !== null && row.st[0] === want;
  }
  const x = read[column]?.(row, spy) ?? null;
  if (x === null) return false;
  const { min = null, max = null } = raw as FilterRange;
  if (
    max === null &&
    min !== null &&
    min < 0 &&
    ['price_dist', 'uVol', 'vWapDist', 'mf_dist', 'rv_dist'].includes(column)
  ) {
    return x <= min;
  }
  return (min === null || x >= min) && (max === null || x <= max);
}

export function countMatches(rows: readonly DiscoveryRow[], filter: Filter): number {
  const spy = rows.find((r) => r.s === 'SPY')?.p?.[0] ?? 0;
  const entries = Object.entries(filter.values) as [FilterColumn, unknown][];
  const sectors = filter.sector && filter.sector.min.length > 0 ? new Set(filter.sector.min) : null;
  let n = 0;
  for (const row of rows) {
    if (sectors && !sectors.has(row.e)) continue;
    const hits = entries.map(([c, v]) => test(c, v, row, spy));
    if (filter.type === 'all' ? hits.every(Boolean) : hits.some(Boolean)) n++;
  }
  return n;
}

import type { ServedDiscoveryRow } from './row.ts';

// A Discovery row as shown (discovery spec §3 "as shown"): the served pairs split into named
// values and the derived distances computed once per row, so sorting, filtering and the CSV read
// plain fields. null means unknown or locked (shown as '-' or the upgrade button).

export interface DiscoveryDisplayRow {
  symbol: string;
  last: number;
  /** % change (the price pair's first value). */
  price_dist: number | null;
  /** $ change (the price pair's second value). */
  dollar_dist: number | null;
  moneyflow: number | null;
  moneyflow_dist: number | null;
  /** Volume from the real-volume pair. */
  volume: number;
  volume_dist: number | null;
  avgVolume: number | null;
  float: number | null;
  momentum: number;
  uVol: number | null;
  short_ratio: number | null;
  vWapDist: number | null;
  /** 0 now, n > 0 pre (in squeeze n bars), −n post (fired n bars ago); '-' when missing. */
  squeeze: number | '-';
  /** ATR as % of last. */
  atr: number | null;
  /** atr × last / 100, 2 decimals. */
  atr_dollar_dist: number | null;
  /** Gap in dollars. */
  gap: number | null;
  priorDayLast: number | null;
  /** gap / priorDayLast × 100, 2 decimals. */
  gap_percent_dist: number | null;
  /** [1 up / −1 down, price point]. */
  trend: [number, number] | null;
  /** Whether the trend flipped to this direction in the current bar. */
  trend_flipped: boolean;
  /** price_dist − SPY's price_dist. */
  rs: number | null;
  sector: number;
  /** Latest news time (ms). */
  news: number | null;
  trending: boolean;
}

/** Rounds half away from zero to 2 decimals (1.005 → 1.01, which toFixed gets wrong). */
export function round2(x: number): number {
  const r = Math.round((Math.abs(x) + Number.EPSILON) * 100) / 100;
  return x < 0 ? -r : r;
}

const known = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * A served row as shown. `spyPriceDist` is SPY's % change in the same snapshot (null when SPY
 * is not in it: rs is then unknown). Locked keys are absent from the served row and become null.
 */
export function toDisplayRow(row: ServedDiscoveryRow, spyPriceDist: number | null): DiscoveryDisplayRow {
  const priceDist = row.p ? row.p[0] : null;
  const atr = known(row.tr) ? row.tr : null;
  const gap = known(row.g) ? row.g : null;
  const pl = known(row.pl) ? row.pl : null;
  return {
    symbol: row.s,
    last: row.l,
    price_dist: priceDist,
    dollar_dist: row.p ? row.p[1] : null,
    moneyflow: row.mf ? row.mf[0] : null,
    moneyflow_dist: row.mf ? row.mf[1] : null,
    volume: row.rv[0],
    volume_dist: row.rv[1],
    avgVolume: row.av,
    float: row.f,
    momentum: row.m,
    uVol: row.u,
    short_ratio: row.sr ?? null,
    vWapDist: row.vw,
    squeeze: known(row.z) ? row.z : '-',
    atr,
    atr_dollar_dist: atr === null ? null : round2((atr * row.l) / 100),
    gap,
    priorDayLast: pl,
    gap_percent_dist: gap === null || pl === null || pl === 0 ? null : round2((gap / pl) * 100),
    trend: row.st ? [row.st[0], row.st[1]] : null,
    trend_flipped: row.st ? row.st[2] === 1 : false,
    rs: priceDist === null || !known(spyPriceDist) ? null : priceDist - spyPriceDist,
    sector: row.e,
    news: row.n,
    trending: row.t === 1,
  };
}

/** SPY's % change in a snapshot (the rs baseline), or null when SPY is not in it. */
export function spyPriceDistOf(rows: readonly Pick<ServedDiscoveryRow, 's' | 'p'>[]): number | null {
  for (const r of rows) if (r.s === 'SPY') return r.p === null ? null : r.p[0];
  return null;
}

/** Every served row as shown, with rs against the snapshot's own SPY. */
export function toDisplayRows(rows: readonly ServedDiscoveryRow[]): DiscoveryDisplayRow[] {
  const spy = spyPriceDistOf(rows);
  return rows.map((r) => toDisplayRow(r, spy));
}

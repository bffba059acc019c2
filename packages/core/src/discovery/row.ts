// One Discovery row as served, with the spec's short keys (discovery spec §3). Definitions:
// docs/metrics.md. null means "not known" (no prior period, indicator warming up, no reference
// data); the client shows '-' for it. It lives in core so the browser's display, sort and CSV
// rules read the same type the engine (@tapeline/market) produces.

export interface DiscoveryRow {
  /** symbol */
  s: string;
  /** last price */
  l: number;
  /** [% change, $ change] vs the timeframe's reference close (prior close for 1day) */
  p: [number, number] | null;
  /** prior day's regular-session close */
  pl: number | null;
  /** volume in the current bar of the timeframe */
  v: number;
  /** average volume per bar of the timeframe (1day: the reference average daily volume) */
  av: number | null;
  /** momentum: new highs − new lows of day made during the current bar */
  m: number;
  /** uVol: % above (+) or below (−) the average volume of the same time slice */
  u: number | null;
  /** VWAP distance, % of VWAP */
  vw: number | null;
  /** sector code */
  e: number;
  /** float (shares) */
  f: number | null;
  /** short ratio */
  sr: number | null;
  /** trending: 1 when the symbol is in the popularity list */
  t: 0 | 1;
  /** latest news time (ms) */
  n: number | null;
  /** gap in dollars: regular open (last print before 09:30) − prior close */
  g: number | null;
  /** TTM squeeze count: n > 0 in squeeze n bars, 0 fired this bar, −n fired n bars ago */
  z: number | null;
  /** ATR(14) as % of last */
  tr: number | null;
  /**
   * Supertrend(10, 3): [1 up / −1 down, line price, 1 when the trend flipped to this direction
   * in the current bar (the forming bar turned it), else 0]. The third element is what the
   * `trend_change` smart-filter column reads; it travels with `st`, so it is hidden with it.
   */
  st: [number, number, 0 | 1] | null;
  /** money flow: [Σ price × size in the current bar, % change vs the prior bar] */
  mf: [number, number | null];
  /** real volume: [volume in the current bar, % change vs the prior bar] */
  rv: [number, number | null];
}

/** Keys the data host leaves out for a plan that may not see them (core hiddenDiscoveryKeys). */
export type LockableDiscoveryKey = 'z' | 'mf' | 'st' | 'sr' | 'tr' | 'g';

/** A row as a subscriber receives it: the locked keys of their plan are absent. */
export type ServedDiscoveryRow = Omit<DiscoveryRow, LockableDiscoveryKey> &
  Partial<Pick<DiscoveryRow, LockableDiscoveryKey>>;

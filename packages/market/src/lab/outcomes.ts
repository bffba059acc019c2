import {
  BACKTEST_FIRES_MAX,
  BACKTEST_HISTOGRAM_EDGES,
  type BacktestFire,
  type BacktestResult,
  type FiredDraft,
  FORWARD_HORIZONS,
  FORWARD_MINUTES,
  MAE_MINUTES,
} from '@tapeline/core';
import type { SessionTape } from './sessionTape.ts';
import { barPrints, barScratch, MINUTE } from './tapePrints.ts';

// What followed each fire (docs/alerts.md "Alert lab"): % moves of the price at +1/+5/+15/+30
// minutes and at the regular close, and the largest move against the alert within 30 minutes,
// read from the session's prints after the fire (the outcome may look ahead; the decision did not).
// Then the summary and the histogram of +5-minute moves.

/** Which way a fired alert points (docs/alerts.md): lows, downs, below VWAP → down. */
export function directionOf(a: FiredDraft): 'up' | 'down' {
  if (a.kind === 'trade') return a.key.includes(':low:') ? 'down' : 'up';
  if (a.kind === 'price') return (a.price_dist ?? 0) < 0 ? 'down' : 'up';
  if (a.kind === 'vwap') return (a.vwap_dist ?? 0) < 0 ? 'down' : 'up';
  return 'up';
}

export const isoDate = (ymd: number) =>
  `${Math.floor(ymd / 10000)}-${String(Math.floor(ymd / 100) % 100).padStart(2, '0')}-${String(ymd % 100).padStart(2, '0')}`;

/**
 * Each symbol's regular prints from `from` on (not volume-only, not statuses), in the order the
 * replay takes them (tapePrints.ts): built on first use, for the symbols that fired only.
 */
export class PricePaths {
  private readonly index = new Map<string, number>();
  private readonly paths = new Map<number, { ts: Float64Array; price: Float64Array }>();
  /** The tape's rows by symbol: symbol s's are rows[first[s] … first[s + 1]), in minute order. */
  private first: Int32Array | null = null;
  private rows: Int32Array | null = null;

  constructor(
    private readonly tape: SessionTape,
    private readonly from: number,
  ) {
    for (let i = 0; i < tape.symbols.length; i++) this.index.set(tape.symbols[i] as string, i);
  }

  private path(s: number): { ts: Float64Array; price: Float64Array } {
    let p = this.paths.get(s);
    if (p) return p;
    const t = this.tape;
    if (this.first === null || this.rows === null) [this.first, this.rows] = rowsBySymbol(t);
    const from = this.first[s] as number;
    const to = this.first[s + 1] as number;
    const ts = new Float64Array((to - from) * 4);
    const price = new Float64Array((to - from) * 4);
    const bar = barScratch();
    let n = 0;
    for (let r = from; r < to; r++) {
      const i = this.rows[r] as number;
      const base = t.session.start + (t.minute[i] as number) * MINUTE;
      const k = barPrints(t, i, bar);
      for (let j = 0; j < k; j++) {
        const at = base + (bar.at[j] as number);
        if (at < this.from) continue;
        ts[n] = at;
        price[n++] = bar.price[j] as number;
      }
    }
    p = { ts: ts.subarray(0, n), price: price.subarray(0, n) };
    this.paths.set(s, p);
    return p;
  }

  /** The outcome of a fire of `symbol` at time t and price p. */
  outcome(
    session: SessionTape['session'],
    symbol: string,
    t: number,
    p: number,
    dir: 'up' | 'down',
  ): Pick<BacktestFire, 'moves' | 'mae30'> {
    const s = this.index.get(symbol);
    const moves = { m1: null, m5: null, m15: null, m30: null, close: null } as BacktestFire['moves'];
    if (s === undefined || !(p > 0)) return { moves, mae30: null };
    const path = this.path(s);
    const from = 0;
    const to = path.ts.length;
    const at = (time: number): number => {
      // The last print at or before `time` (binary search); the fire's price when none after it.
      let lo = from;
      let hi = to;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((path.ts[mid] as number) <= time) lo = mid + 1;
        else hi = mid;
      }
      return lo > from && (path.ts[lo - 1] as number) > t ? (path.price[lo - 1] as number) : p;
    };
    const pct = (q: number) => ((q - p) / p) * 100;
    for (const h of FORWARD_HORIZONS) {
      if (h === 'close') {
        if (t < session.close) moves.close = pct(at(session.close - 1));
        continue;
      }
      const until = t + FORWARD_MINUTES[h] * MINUTE;
      if (until <= session.end) moves[h] = pct(at(until));
    }
    let worst = p;
    const end = t + MAE_MINUTES * MINUTE;
    for (let k = from; k < to; k++) {
      const ts = path.ts[k] as number;
      if (ts <= t) continue;
      if (ts > end) break;
      const q = path.price[k] as number;
      if (dir === 'up' ? q < worst : q > worst) worst = q;
    }
    return { moves, mae30: pct(worst) };
  }
}

/** A counting sort of the tape's rows by symbol (stable: each symbol's rows stay in minute order). */
function rowsBySymbol(t: SessionTape): [Int32Array, Int32Array] {
  const n = t.symbols.length;
  const first = new Int32Array(n + 1);
  for (let i = 0; i < t.rows; i++)
    first[(t.sym[i] as number) + 1] = (first[(t.sym[i] as number) + 1] as number) + 1;
  for (let s = 1; s <= n; s++) first[s] = (first[s] as number) + (first[s - 1] as number);
  const fill = first.slice(0, n);
  const rows = new Int32Array(t.rows);
  for (let i = 0; i < t.rows; i++) {
    const s = t.sym[i] as number;
    rows[fill[s] as number] = i;
    fill[s] = (fill[s] as number) + 1;
  }
  return [first, rows];
}

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const mean = (xs: number[]): number | null =>
  xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;

/** The result of a backtest from every fire, sessions oldest first. */
export function summarize(
  rule: BacktestResult['rule'],
  sessions: readonly string[],
  fires: readonly BacktestFire[],
): BacktestResult {
  const stats = {} as BacktestResult['summary']['stats'];
  for (const h of FORWARD_HORIZONS) {
    const known = fires.map((f) => f.moves[h]).filter((m): m is number => m !== null);
    stats[h] = {
      n: known.length,
      median: median(known),
      mean: mean(known),
      positive: known.length === 0 ? null : known.filter((m) => m > 0).length / known.length,
    };
  }
  const perSession = sessions.map((session) => {
    const mine = fires.filter((f) => f.session === session);
    const m30 = mine.map((f) => f.moves.m30).filter((m): m is number => m !== null);
    return { session, fires: mine.length, mean30: mean(m30) };
  });
  let worst: (typeof perSession)[number] | null = null;
  for (const s of perSession)
    if (s.mean30 !== null && (worst === null || s.mean30 < (worst.mean30 as number))) worst = s;
  const edges = BACKTEST_HISTOGRAM_EDGES;
  const histogram = [
    { from: null, to: edges[0] as number, count: 0 },
    ...edges.slice(0, -1).map((from, k) => ({ from, to: edges[k + 1] as number, count: 0 })),
    { from: edges[edges.length - 1] as number, to: null, count: 0 },
  ] as BacktestResult['histogram'];
  for (const f of fires) {
    const m = f.moves.m5;
    if (m === null) continue;
    let k = 0;
    while (k < edges.length && m >= (edges[k] as number)) k++;
    (histogram[k] as { count: number }).count++;
  }
  return {
    rule,
    sessions: [...sessions],
    fires: fires.slice(0, BACKTEST_FIRES_MAX),
    truncated: fires.length > BACKTEST_FIRES_MAX,
    summary: {
      fires: fires.length,
      fires_per_session: sessions.length === 0 ? 0 : fires.length / sessions.length,
      per_session: perSession,
      stats,
      positive5: stats.m5.positive,
      positive30: stats.m30.positive,
      worst_session: worst,
    },
    histogram,
  };
}

import type { ReferenceData } from '../events.ts';
import { SECTOR } from '../sectors.ts';
import type { Rng } from './prng.ts';

// Per-symbol simulation state as typed arrays (struct of arrays): the hot loop reads and writes
// numbers only. Rebuilt for each trading day (new runners, new relative volume).

/** Regular-session seconds: the profile averages 1 over them, so a day ≈ rate × this many trades. */
export const REGULAR_SECONDS = 23_400;
/** Share of all prints that go to the day's runners. */
export const RUNNER_SHARE = 0.05;
/** Overnight gap (log, one standard deviation) of a stock, and of the three index ETFs. */
export const GAP_VOL = 0.012;
export const INDEX_GAP_VOL = 0.004;

export interface DayState {
  readonly price: Float64Array;
  readonly sigma: Float64Array;
  readonly drift: Float64Array;
  readonly meanSize: Float64Array;
  /** Cumulative selection weight of non-runners (runners have weight 0 here). */
  readonly cumWeight: Float64Array;
  readonly runners: Int32Array;
}

/** Regular-session volatility of a symbol's price (log return, one standard deviation). */
export function dailyVol(ref: ReferenceData): number {
  if (ref.sector === SECTOR.ETF) return 0.012;
  if (ref.prevClose > 50) return 0.02;
  if (ref.prevClose > 5) return 0.035;
  return 0.06;
}

/** Picks the day's runners: cheap, small-float names, the kind that squeeze on news. */
function pickRunners(refs: readonly ReferenceData[], rng: Rng, count: number): Int32Array {
  const pool: number[] = [];
  for (let i = 3; i < refs.length; i++) {
    const r = refs[i] as ReferenceData;
    if (r.prevClose >= 0.5 && r.prevClose < 20 && r.sector !== SECTOR.ETF) pool.push(i);
  }
  const out = new Int32Array(Math.min(count, pool.length));
  for (let k = 0; k < out.length; k++) {
    const j = k + rng.int(pool.length - k);
    const pj = pool[j] as number;
    pool[j] = pool[k] as number;
    pool[k] = pj;
    out[k] = pj;
  }
  return out;
}

export function buildDay(
  refs: readonly ReferenceData[],
  prevClose: Float64Array,
  rng: Rng,
  tradesPerSecond: number,
  runnerCount: number,
): DayState {
  const n = refs.length;
  const dayTrades = tradesPerSecond * REGULAR_SECONDS;
  const runners = pickRunners(refs, rng, runnerCount);
  const isRunner = new Uint8Array(n);
  for (const r of runners) isRunner[r] = 1;
  const weight = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (isRunner[i]) continue;
    const ref = refs[i] as ReferenceData;
    // Index ETFs print far more often than their volume rank suggests (many small prints).
    const boost = i < 3 ? 40 : 1;
    weight[i] = Math.sqrt(ref.avgVolume) * Math.exp(0.5 * rng.normal()) * boost;
    total += weight[i] as number;
  }
  const price = new Float64Array(n);
  const sigma = new Float64Array(n);
  const drift = new Float64Array(n);
  const meanSize = new Float64Array(n);
  const cumWeight = new Float64Array(n);
  const runnerTrades = runners.length > 0 ? (dayTrades * RUNNER_SHARE) / runners.length : 1;
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const ref = refs[i] as ReferenceData;
    acc += weight[i] as number;
    cumWeight[i] = acc;
    const expected = isRunner[i]
      ? runnerTrades
      : Math.max(1, (dayTrades * (1 - RUNNER_SHARE) * (weight[i] as number)) / total);
    const rvol = isRunner[i] ? 10 + 30 * rng.next() : Math.exp(0.3 * rng.normal());
    meanSize[i] = Math.max(1, (ref.avgVolume * rvol) / expected);
    sigma[i] = (isRunner[i] ? 0.12 : dailyVol(ref)) / Math.sqrt(expected);
    const pc = prevClose[i] as number;
    if (isRunner[i]) {
      // Runners gap up and trend (a fifth of them fade instead): +20 % to +100 % over the day.
      const fade = rng.next() < 0.2;
      const move = Math.log(1.2 + 0.8 * rng.next());
      drift[i] = (fade ? -0.5 * move : move) / expected;
      price[i] = pc * (1.1 + 0.5 * rng.next());
    } else {
      price[i] = pc * Math.exp((i < 3 ? INDEX_GAP_VOL : GAP_VOL) * rng.normal());
    }
  }
  return { price, sigma, drift, meanSize, cumWeight, runners };
}

/** Index whose cumulative weight first exceeds u × total (binary search, u in [0, 1)). */
export function pickWeighted(cumWeight: Float64Array, u: number): number {
  const x = u * (cumWeight[cumWeight.length - 1] as number);
  let lo = 0;
  let hi = cumWeight.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cumWeight[mid] as number) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

import type { ReferenceData } from '../events.ts';
import { SECTOR } from '../sectors.ts';
import { NEWS_PICK_SHARE } from './news.ts';
import type { Rng } from './prng.ts';
import { INDEX_ETFS } from './universe.ts';

// Per-symbol simulation state as typed arrays (struct of arrays): the hot loop reads and writes
// numbers only. Rebuilt for each trading day (new runners, new relative volume).

/** Regular-session seconds: the profile averages 1 over them, so a day ≈ rate × this many trades. */
export const REGULAR_SECONDS = 23_400;
/** Share of all prints that go to the day's runners. */
export const RUNNER_SHARE = 0.05;
/** Overnight gap (log, one standard deviation) of a stock, and of the index ETFs. */
export const GAP_VOL = 0.012;
export const INDEX_GAP_VOL = 0.004;

export interface DayState {
  readonly price: Float64Array;
  readonly sigma: Float64Array;
  readonly drift: Float64Array;
  /**
   * Extra drift per print in the first OPEN_DRIVE_MS of the regular session: the market's and
   * the sector's opening drive times the symbol's beta, so the open has the day's direction.
   */
  readonly openDrift: Float64Array;
  /** The day's market move (log), index ETFs and members alike: its sign is the day's direction. */
  readonly marketMove: number;
  readonly meanSize: Float64Array;
  /** Cumulative selection weight of non-runners (runners have weight 0 here). */
  readonly cumWeight: Float64Array;
  readonly runners: Int32Array;
}

/**
 * Regular-session volatility of a symbol's price (log return, one standard deviation): cheap
 * names move more than dear ones, thin floats more than widely held ones.
 */
export function dailyVol(ref: ReferenceData): number {
  if (ref.sector === SECTOR.ETF) return 0.012;
  const byPrice = ref.prevClose > 50 ? 0.02 : ref.prevClose > 5 ? 0.035 : 0.06;
  const byFloat = ref.float < 2e7 ? 1.35 : ref.float > 5e8 ? 0.8 : 1;
  return byPrice * byFloat;
}

/** The opening drive: how long the open carries the day's direction, and its size (log, 1 sd). */
export const OPEN_DRIVE_MS = 10 * 60_000;
const OPEN_DRIVE_VOL = 0.005;
/** The day's market move and each sector's own (log, one standard deviation). */
const MARKET_DAY_VOL = 0.008;
const SECTOR_DAY_VOL = 0.006;
/** Share of the day's prints that fall in the opening drive (the U-shaped profile's first ten minutes). */
const OPEN_DRIVE_SHARE = 0.07;
/** Share of the runners that gap down (short setups) rather than up. */
export const GAP_DOWN_SHARE = 0.35;
/** No name trades more dollars than this share of SPY's. */
const MAX_DOLLARS_VS_SPY = 0.6;

/** How much a symbol follows the market: the index ETFs by what they hold, stocks 0.6–1.6. */
function betaOf(i: number, ref: ReferenceData, rng: Rng): number {
  if (i < INDEX_ETFS.length)
    return ref.sym === 'IWM' ? 1.3 : ref.sym === 'QQQ' ? 1.2 : ref.sym === 'DIA' ? 0.9 : 1;
  return 0.6 + rng.next();
}

/** Who can run: small caps with a low float in the $1–20 range, the kind that squeeze on news. */
export const RUNNER_MAX_CAP = 3e8;
export const RUNNER_MAX_FLOAT = 2e7;
export const RUNNER_MIN_PRICE = 1;
export const RUNNER_MAX_PRICE = 20;
/**
 * A runner's usual daily turnover (avgVolume / float) is at least this: a name that trades 4 %
 * of its float on a usual day turns it over within 25× that, inside the 10–50× a runner trades.
 */
export const RUNNER_MIN_TURNOVER = 0.04;
/** A runner's day: 24–50× its usual volume, its float turned over 2.4–4× (before news adds). */
const RUNNER_RVOL_MIN = 24;
const RUNNER_RVOL_MAX = 50;

/** Biotech and technology names run far more often than the rest (trial data, contracts, AI). */
function runnerWeight(sector: number): number {
  if (sector === SECTOR.BIOTECH) return 4;
  if (sector === SECTOR.TECHNOLOGY) return 2;
  return 1;
}

/**
 * Picks the day's runners, weighted by sector and without repeats, from the low-float small caps
 * at today's price (a listed cap moves with the price since the listing).
 */
function pickRunners(
  refs: readonly ReferenceData[],
  caps: Float64Array,
  prevClose: Float64Array,
  rng: Rng,
  count: number,
): Int32Array {
  const pool: number[] = [];
  const weights: number[] = [];
  let total = 0;
  for (let i = INDEX_ETFS.length; i < refs.length; i++) {
    const r = refs[i] as ReferenceData;
    const price = prevClose[i] as number;
    const cap = ((caps[i] as number) * price) / r.prevClose;
    if (
      r.sector !== SECTOR.ETF &&
      cap < RUNNER_MAX_CAP &&
      r.float < RUNNER_MAX_FLOAT &&
      price >= RUNNER_MIN_PRICE &&
      price <= RUNNER_MAX_PRICE &&
      r.avgVolume >= RUNNER_MIN_TURNOVER * r.float
    ) {
      pool.push(i);
      weights.push(runnerWeight(r.sector));
      total += runnerWeight(r.sector);
    }
  }
  const out = new Int32Array(Math.min(count, pool.length));
  for (let k = 0; k < out.length; k++) {
    // Weighted draw among the pool's unpicked tail [k, end), then swapped to the front.
    let x = rng.next() * total;
    let j = k;
    while (j < pool.length - 1 && x >= (weights[j] as number)) x -= weights[j++] as number;
    const pj = pool[j] as number;
    const wj = weights[j] as number;
    pool[j] = pool[k] as number;
    weights[j] = weights[k] as number;
    pool[k] = pj;
    weights[k] = wj;
    total -= wj;
    out[k] = pj;
  }
  return out;
}

export function buildDay(
  refs: readonly ReferenceData[],
  caps: Float64Array,
  prevClose: Float64Array,
  rng: Rng,
  tradesPerSecond: number,
  runnerCount: number,
): DayState {
  const n = refs.length;
  const dayTrades = tradesPerSecond * REGULAR_SECONDS;
  const runners = pickRunners(refs, caps, prevClose, rng, runnerCount);
  const isRunner = new Uint8Array(n);
  for (const r of runners) isRunner[r] = 1;
  const weight = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (isRunner[i]) continue;
    const ref = refs[i] as ReferenceData;
    // Index ETFs print far more often than their volume rank suggests (many small prints), and
    // cheap names more often than dear ones (more shares change hands per dollar), as on a tape.
    const boost = i < INDEX_ETFS.length ? 40 : 1;
    const cheap = ((prevClose[i] as number) > 0 ? (prevClose[i] as number) : ref.prevClose) ** -0.25;
    weight[i] = Math.sqrt(ref.avgVolume) * cheap * Math.exp(0.5 * rng.normal()) * boost;
    total += weight[i] as number;
  }
  const price = new Float64Array(n);
  const sigma = new Float64Array(n);
  const drift = new Float64Array(n);
  const openDrift = new Float64Array(n);
  const meanSize = new Float64Array(n);
  const cumWeight = new Float64Array(n);
  const runnerTrades = runners.length > 0 ? (dayTrades * RUNNER_SHARE) / runners.length : 1;
  // The day's direction: one market move and one per sector, each split into an opening drive
  // and the rest of the day; every symbol takes them times its beta (index ETFs included).
  const marketMove = MARKET_DAY_VOL * rng.normal();
  const marketDrive = OPEN_DRIVE_VOL * rng.normal() + 0.5 * marketMove;
  const sectorMove = new Float64Array(256);
  for (let k = 0; k < sectorMove.length; k++) sectorMove[k] = SECTOR_DAY_VOL * rng.normal();
  const dollars = new Float64Array(n);
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const ref = refs[i] as ReferenceData;
    acc += weight[i] as number;
    cumWeight[i] = acc;
    const expected = isRunner[i]
      ? runnerTrades
      : Math.max(1, (dayTrades * (1 - RUNNER_SHARE) * (weight[i] as number)) / total);
    // A runner trades 24–50× its usual volume and turns its float over 2.4–4×, half of it in
    // the first half hour (the simulator scales its prints by runnerSizeByPhase); a quiet name
    // stays quiet. A runner without news gets at least 1 − NEWS_PICK_SHARE of its share of the
    // runners' prints (the rest go to runners whose news is in progress), so its size is set
    // for that many: the runner without news still reaches its day.
    const rvol = isRunner[i]
      ? Math.min(
          RUNNER_RVOL_MAX,
          Math.max(RUNNER_RVOL_MIN, (ref.float / ref.avgVolume) * (2.4 + 1.6 * rng.next())),
        )
      : Math.exp(0.3 * rng.normal());
    const prints = isRunner[i] ? expected * (1 - NEWS_PICK_SHARE) : expected;
    meanSize[i] = Math.max(1, (ref.avgVolume * rvol) / prints);
    sigma[i] = (isRunner[i] ? 0.12 : dailyVol(ref)) / Math.sqrt(expected);
    const pc = prevClose[i] as number;
    const beta = betaOf(i, ref, rng);
    const sector = i < INDEX_ETFS.length ? 0 : (sectorMove[ref.sector & 255] as number);
    if (isRunner[i]) {
      // Runners gap and trend, up or (a third of them) down; a fifth fade their gap instead.
      const down = rng.next() < GAP_DOWN_SHARE;
      const fade = rng.next() < 0.2;
      const move = down ? Math.log(0.55 + 0.3 * rng.next()) : Math.log(1.2 + 0.8 * rng.next());
      drift[i] = (fade ? -0.5 * move : move) / expected;
      price[i] = pc * (down ? 0.6 + 0.3 * rng.next() : 1.1 + 0.5 * rng.next());
    } else {
      const gapVol = i < INDEX_ETFS.length ? INDEX_GAP_VOL : GAP_VOL;
      price[i] = pc * Math.exp(0.3 * beta * marketMove + gapVol * rng.normal());
      drift[i] = (0.5 * beta * marketMove + sector) / expected;
      openDrift[i] = (beta * marketDrive + 0.5 * sector) / Math.max(1, expected * OPEN_DRIVE_SHARE);
    }
    dollars[i] = ref.avgVolume * rvol * pc;
  }
  // Nobody out-trades SPY in dollars: a dear, heavily traded name is sized down to a share of it.
  const spy = refs.findIndex((r) => r.sym === 'SPY');
  if (spy >= 0) {
    const limit = MAX_DOLLARS_VS_SPY * (dollars[spy] as number);
    for (let i = 0; i < n; i++) {
      if (i !== spy && (dollars[i] as number) > limit)
        meanSize[i] = Math.max(1, (meanSize[i] as number) * (limit / (dollars[i] as number)));
    }
  }
  return { price, sigma, drift, openDrift, marketMove, meanSize, cumWeight, runners };
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

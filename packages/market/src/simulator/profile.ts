import type { SessionDay } from '../calendar/session.ts';

// Intraday trade intensity, relative to the regular-session average (= 1). Real tapes are
// U-shaped: a burst at the open decaying over the first half hour, a quiet midday, and a
// build-up into the close; pre-market and after-hours trade a few percent of that.

const BASE = 0.55;
const OPEN_BURST = 2.6;
const OPEN_DECAY = 0.04;
const CLOSE_BURST = 1.3;
const CLOSE_DECAY = 0.05;
// Mean of the unnormalized curve over x ∈ [0, 1], so the profile averages exactly 1.
const MEAN =
  BASE +
  OPEN_BURST * OPEN_DECAY * (1 - Math.exp(-1 / OPEN_DECAY)) +
  CLOSE_BURST * CLOSE_DECAY * (1 - Math.exp(-1 / CLOSE_DECAY));

export const PRE_MARKET_INTENSITY = 0.04;
export const AFTER_HOURS_INTENSITY = 0.03;

/** Relative intensity at instant ts inside session s (0 outside 04:00–end). */
export function intensity(s: SessionDay, ts: number): number {
  if (ts < s.start || ts >= s.end) return 0;
  if (ts < s.open) return PRE_MARKET_INTENSITY;
  if (ts >= s.close) return AFTER_HOURS_INTENSITY;
  const x = (ts - s.open) / (s.close - s.open);
  return (
    (BASE + OPEN_BURST * Math.exp(-x / OPEN_DECAY) + CLOSE_BURST * Math.exp((x - 1) / CLOSE_DECAY)) / MEAN
  );
}

/** LULD band (tier 2) as a fraction of the reference price. */
export function luldBand(price: number): number {
  if (price > 3) return 0.1;
  if (price >= 0.75) return 0.2;
  return Math.min(0.75, 0.15 / price);
}

/**
 * A runner's day volume by phase (pre-market, the first half hour, the rest of the regular
 * session, after-hours): a gapper trades most of its day before 10:00, on its catalyst and the
 * opening drive, then fades. Shares of the day's volume; they sum to 1.
 */
export const RUNNER_VOLUME_SHARES = [0.15, 0.5, 0.32, 0.03] as const;
/** The runners' opening phase: the first half hour of the regular session. */
export const RUNNER_OPEN_MS = 30 * 60_000;

/** Phase of instant ts in session s for RUNNER_VOLUME_SHARES (0 pre-market … 3 after-hours). */
export function runnerPhase(s: SessionDay, ts: number): number {
  if (ts < s.open) return 0;
  if (ts < s.open + RUNNER_OPEN_MS) return 1;
  return ts < s.close ? 2 : 3;
}

/**
 * Print-size multipliers per phase that turn the tape's print intensity (the share of a day's
 * prints in each phase) into the runners' volume shares: multiplier = volume share / print share.
 * Computed once per session (a minute grid over 04:00–20:00).
 */
export function runnerSizeByPhase(s: SessionDay, out: Float64Array): Float64Array {
  const prints = [0, 0, 0, 0];
  for (let t = s.start + 30_000; t < s.end; t += 60_000) {
    const k = runnerPhase(s, t);
    prints[k] = (prints[k] as number) + intensity(s, t);
  }
  const total = prints.reduce((a, b) => a + b, 0);
  for (let k = 0; k < 4; k++)
    out[k] =
      (prints[k] as number) > 0 ? (RUNNER_VOLUME_SHARES[k] as number) / ((prints[k] as number) / total) : 1;
  return out;
}

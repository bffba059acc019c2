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

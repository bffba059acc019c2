import type { Bar } from '../events.ts';
import { TF_INDEX, type Timeframe } from '../timeframes.ts';
import type { MarketEngine } from './MarketEngine.ts';

// History from outside the feed (a history provider at start-up, a test): enough daily bars
// for ATR(14), Supertrend(10) and the squeeze (≥ 20 bars; 40+ lets the EMA settle), and the
// volume profile for uVol.

/**
 * Seeds completed bars (oldest first) for one timeframe. Bars not later than the symbol's
 * latest completed bar are skipped, so seeding twice is harmless. Returns how many were taken.
 */
export function seedBars(e: MarketEngine, sym: string, tf: Timeframe, bars: readonly Bar[]): number {
  const id = e.table.intern(sym);
  if (id < 0) return 0;
  const t = TF_INDEX[tf];
  let n = 0;
  for (const b of bars) {
    if (!(b.start > e.bars.lastStart(id, t)) && !Number.isNaN(e.bars.lastStart(id, t))) continue;
    const value = b.value ?? ((b.high + b.low + b.close) / 3) * b.volume;
    e.bars.push(id, t, b.start, b.open, b.high, b.low, b.close, b.volume, value);
    n++;
  }
  return n;
}

/** Seeds a symbol's average volume per 15-minute slot from 04:00 (64 values) for uVol. */
export function seedVolumeProfile(
  e: MarketEngine,
  sym: string,
  slots: ArrayLike<number>,
  sessions = 20,
): void {
  const id = e.table.intern(sym);
  if (id >= 0) e.profile.seed(id, slots, sessions);
}

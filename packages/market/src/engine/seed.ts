import {
  BAR_FIELDS,
  BF_CLOSE,
  BF_HIGH,
  BF_LOW,
  BF_OPEN,
  BF_START,
  BF_VALUE,
  BF_VOLUME,
} from '../bars/barStore.ts';
import type { Bar } from '../events.ts';
import { TF_COUNT, TF_INDEX, type Timeframe } from '../timeframes.ts';
import type { EngineState } from './engineState.ts';

/** What seeding writes: symbols, completed and forming bars, the volume profile. */
type SeedState = Pick<EngineState, 'table' | 'bars' | 'profile'>;

// History from outside the feed (a history provider at start-up, a test): enough daily bars
// for ATR(14), Supertrend(10) and the squeeze (≥ 20 bars; 40+ lets the EMA settle), and the
// volume profile for uVol.

/**
 * Seeds completed bars (oldest first) for one timeframe. Bars not later than the symbol's
 * latest completed bar are skipped, so seeding twice is harmless. Returns how many were taken.
 */
export function seedBars(e: SeedState, sym: string, tf: Timeframe, bars: readonly Bar[]): number {
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
export function seedVolumeProfile(e: SeedState, sym: string, slots: ArrayLike<number>, sessions = 20): void {
  const id = e.table.intern(sym);
  if (id >= 0) e.profile.seed(id, slots, sessions);
}

/**
 * Where a generated history goes, one symbol at a time. Bars are packed in the bar store's
 * layout (BAR_FIELDS numbers each, BF_START … BF_VALUE), so seeding copies numbers and makes
 * no object per bar; the arrays are reused by the caller and valid only during the call.
 */
export interface HistoryTarget {
  /** `count` completed bars of one timeframe, oldest first. */
  bars(sym: string, tf: Timeframe, data: Float64Array, count: number): void;
  /** The bar of a timeframe that has begun but not ended (this week's or month's days so far). */
  forming(sym: string, tf: Timeframe, bar: Float64Array): void;
  /** Average volume per 15-minute slot from 04:00 (64 values), for uVol. */
  profile(sym: string, slots: Float64Array, sessions: number): void;
}

/** A history that can write itself into a target, e.g. the simulator's (simulator/history.ts). */
export interface HistorySource {
  replay(target: HistoryTarget): void;
}

export interface SeedCounts {
  bars: number;
  forming: number;
  profiles: number;
}

/**
 * Seeds packed completed bars (oldest first) of one symbol id. Like seedBars it takes only bars
 * later than the latest completed one, and also only bars before a forming one, so a restored
 * checkpoint of the same session keeps its own bars.
 */
export function seedBarArray(
  e: SeedState,
  id: number,
  tf: number,
  data: Float64Array,
  count: number,
): number {
  if (id < 0) return 0;
  const b = e.bars;
  const i = id * TF_COUNT + tf;
  const last = b.lastStart(id, tf);
  const forming = b.fStart[i] as number;
  let n = 0;
  for (let k = 0; k < count; k++) {
    const o = k * BAR_FIELDS;
    const start = data[o + BF_START] as number;
    if (start <= last || start >= forming) continue;
    b.push(
      id,
      tf,
      start,
      data[o + BF_OPEN] as number,
      data[o + BF_HIGH] as number,
      data[o + BF_LOW] as number,
      data[o + BF_CLOSE] as number,
      data[o + BF_VOLUME] as number,
      data[o + BF_VALUE] as number,
    );
    n++;
  }
  return n;
}

/** Seeds the forming bar when the timeframe has none yet and no completed bar at or after it. */
export function seedFormingBar(e: SeedState, id: number, tf: number, bar: Float64Array): boolean {
  if (id < 0) return false;
  const b = e.bars;
  const i = id * TF_COUNT + tf;
  const start = bar[BF_START] as number;
  if (!Number.isNaN(b.fStart[i] as number) || b.lastStart(id, tf) >= start) return false;
  b.fStart[i] = start;
  b.fOpen[i] = bar[BF_OPEN] as number;
  b.fHigh[i] = bar[BF_HIGH] as number;
  b.fLow[i] = bar[BF_LOW] as number;
  b.fClose[i] = bar[BF_CLOSE] as number;
  b.fVolume[i] = bar[BF_VOLUME] as number;
  b.fValue[i] = bar[BF_VALUE] as number;
  return true;
}

/**
 * Applies a whole history. Nothing the engine already knows is overwritten: bars as above, and
 * a volume profile only for a symbol with none (a restored one has folded real sessions in).
 */
export function seedHistory(e: SeedState, source: HistorySource): SeedCounts {
  const counts: SeedCounts = { bars: 0, forming: 0, profiles: 0 };
  // The source writes one symbol's timeframes in a row: look its id up once.
  let sym = '';
  let id = -1;
  const idOf = (s: string): number => {
    if (s !== sym) {
      sym = s;
      id = e.table.intern(s);
    }
    return id;
  };
  source.replay({
    bars(s, tf, data, count) {
      counts.bars += seedBarArray(e, idOf(s), TF_INDEX[tf], data, count);
    },
    forming(s, tf, bar) {
      if (seedFormingBar(e, idOf(s), TF_INDEX[tf], bar)) counts.forming++;
    },
    profile(s, slots, sessions) {
      const i = idOf(s);
      if (i < 0 || (e.profile.sessions[i] as number) > 0) return;
      e.profile.seed(i, slots, sessions);
      counts.profiles++;
    },
  });
  return counts;
}

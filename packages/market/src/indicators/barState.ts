import { meanStd } from './series.ts';
import {
  emaStep,
  isSqueezed,
  squeezeStep,
  supertrendLower,
  supertrendUp,
  supertrendUpper,
  trueRange,
  wilderStep,
} from './steps.ts';

// Per (symbol, timeframe) indicator state: a fixed block of IND_STRIDE doubles inside one big
// Float64Array. A completed bar advances the block in place; the live value with the forming
// bar is the same step applied to a scratch copy, so the two can never disagree. NaN marks
// "not started" for every field, so a freshly filled block is a valid empty state.

export const BB_N = 20;
export const BB_K = 2;
export const KC_N = 20;
export const KC_M = 1.5;
export const ATR_N = 14;
export const ST_N = 10;
export const ST_M = 3;

export const I_COUNT = 0;
export const I_PREV_CLOSE = 1;
export const I_EMA = 2;
export const I_ATR_KC = 3;
export const I_ATR = 4;
export const I_ATR_ST = 5;
export const I_ST_UPPER = 6;
export const I_ST_LOWER = 7;
export const I_ST_UP = 8;
export const I_SQZ = 9;
export const I_RING_POS = 10;
export const I_RING = 11;
export const IND_STRIDE = I_RING + BB_N;

function num(x: number | undefined): number {
  return x === undefined || Number.isNaN(x) ? 0 : x;
}

/** Advances the block at offset o by one completed bar. */
export function applyBar(st: Float64Array, o: number, high: number, low: number, close: number): void {
  const count = num(st[o + I_COUNT]);
  const tr = trueRange(high, low, st[o + I_PREV_CLOSE] as number);
  st[o + I_EMA] = emaStep(st[o + I_EMA] as number, close, KC_N);
  st[o + I_ATR_KC] = wilderStep(st[o + I_ATR_KC] as number, tr, count, KC_N);
  st[o + I_ATR] = wilderStep(st[o + I_ATR] as number, tr, count, ATR_N);
  st[o + I_ATR_ST] = wilderStep(st[o + I_ATR_ST] as number, tr, count, ST_N);
  const pos = num(st[o + I_RING_POS]);
  st[o + I_RING + pos] = close;
  st[o + I_RING_POS] = (pos + 1) % BB_N;
  const n = count + 1;

  if (n >= ST_N) {
    const atr = st[o + I_ATR_ST] as number;
    const hl2 = (high + low) / 2;
    const bu = hl2 + ST_M * atr;
    const bl = hl2 - ST_M * atr;
    if (n === ST_N) {
      st[o + I_ST_UPPER] = bu;
      st[o + I_ST_LOWER] = bl;
      st[o + I_ST_UP] = close > bu ? 1 : 0;
    } else {
      const prevClose = st[o + I_PREV_CLOSE] as number;
      const upper = supertrendUpper(bu, st[o + I_ST_UPPER] as number, prevClose);
      const lower = supertrendLower(bl, st[o + I_ST_LOWER] as number, prevClose);
      st[o + I_ST_UPPER] = upper;
      st[o + I_ST_LOWER] = lower;
      st[o + I_ST_UP] = supertrendUp(st[o + I_ST_UP] === 1, close, lower, upper) ? 1 : 0;
    }
  }

  if (n >= BB_N) {
    const [mean, sd] = meanStd(st, o + I_RING, o + I_RING + BB_N);
    const ema = st[o + I_EMA] as number;
    const off = KC_M * (st[o + I_ATR_KC] as number);
    const q = isSqueezed(mean + BB_K * sd, mean - BB_K * sd, ema + off, ema - off);
    st[o + I_SQZ] = squeezeStep(st[o + I_SQZ] as number, q);
  }

  st[o + I_PREV_CLOSE] = close;
  st[o + I_COUNT] = n;
}

/** ATR(14) of the block, NaN during warm-up. */
export function atrOf(st: Float64Array, o: number): number {
  return num(st[o + I_COUNT]) >= ATR_N ? (st[o + I_ATR] as number) : Number.NaN;
}

/** Squeeze count of the block, NaN when unknown. */
export function squeezeOf(st: Float64Array, o: number): number {
  return st[o + I_SQZ] as number;
}

/** Supertrend flag (1 up, −1 down, 0 unknown). */
export function supertrendFlagOf(st: Float64Array, o: number): number {
  const up = st[o + I_ST_UP] as number;
  return Number.isNaN(up) ? 0 : up === 1 ? 1 : -1;
}

/** Supertrend line (the lower band in an uptrend, the upper in a downtrend), NaN when unknown. */
export function supertrendPivotOf(st: Float64Array, o: number): number {
  const up = st[o + I_ST_UP] as number;
  if (Number.isNaN(up)) return Number.NaN;
  return (up === 1 ? st[o + I_ST_LOWER] : st[o + I_ST_UPPER]) as number;
}

export function barCountOf(st: Float64Array, o: number): number {
  return num(st[o + I_COUNT]);
}

/**
 * Copies the block at o into scratch (offset 0) and, when the forming bar has prints, applies
 * it there: the live indicator values as of now without touching the committed state.
 */
export function liveBlock(
  st: Float64Array,
  o: number,
  scratch: Float64Array,
  high: number,
  low: number,
  close: number,
): Float64Array {
  scratch.set(st.subarray(o, o + IND_STRIDE));
  if (!Number.isNaN(close)) applyBar(scratch, 0, high, low, close);
  return scratch;
}

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

// Indicators as pure functions over arrays: each returns one value per input, NaN where the
// indicator is still warming up. They are the reference shape for tests and for one-off
// computations (history popups, seeding checks); the engine keeps the same recurrences as
// incremental state.

export interface HLC {
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

export interface HLCV extends HLC {
  readonly volume: number;
}

export interface Bands {
  readonly upper: number[];
  readonly middle: number[];
  readonly lower: number[];
}

export function smaSeries(values: readonly number[], n: number): number[] {
  const out = new Array<number>(values.length).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] as number;
    if (i >= n) sum -= values[i - n] as number;
    if (i >= n - 1) out[i] = sum / n;
  }
  return out;
}

/** EMA seeded with the first value; reported once n values have arrived. */
export function emaSeries(values: readonly number[], n: number): number[] {
  const out = new Array<number>(values.length).fill(Number.NaN);
  let e = Number.NaN;
  for (let i = 0; i < values.length; i++) {
    e = emaStep(e, values[i] as number, n);
    if (i >= n - 1) out[i] = e;
  }
  return out;
}

/** Mean and population standard deviation of values[from, to). */
export function meanStd(values: ArrayLike<number>, from: number, to: number): [number, number] {
  const n = to - from;
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i] as number;
  const mean = sum / n;
  let sq = 0;
  for (let i = from; i < to; i++) {
    const d = (values[i] as number) - mean;
    sq += d * d;
  }
  return [mean, Math.sqrt(sq / n)];
}

/** Bollinger bands: SMA(n) ± k × population standard deviation. */
export function bollingerSeries(closes: readonly number[], n = 20, k = 2): Bands {
  const len = closes.length;
  const upper = new Array<number>(len).fill(Number.NaN);
  const middle = upper.slice();
  const lower = upper.slice();
  for (let i = n - 1; i < len; i++) {
    const [m, sd] = meanStd(closes, i - n + 1, i + 1);
    middle[i] = m;
    upper[i] = m + k * sd;
    lower[i] = m - k * sd;
  }
  return { upper, middle, lower };
}

/** ATR: Wilder's smoothing of the true range, seeded with the mean of the first n. */
export function atrSeries(bars: readonly HLC[], n = 14): number[] {
  const out = new Array<number>(bars.length).fill(Number.NaN);
  let acc = 0;
  let prevClose = Number.NaN;
  for (let i = 0; i < bars.length; i++) {
    const b = bars[i] as HLC;
    acc = wilderStep(acc, trueRange(b.high, b.low, prevClose), i, n);
    if (i >= n - 1) out[i] = acc;
    prevClose = b.close;
  }
  return out;
}

/** Keltner channels: EMA(n) of close ± m × ATR(n). */
export function keltnerSeries(bars: readonly HLC[], n = 20, m = 1.5): Bands {
  const mid = emaSeries(
    bars.map((b) => b.close),
    n,
  );
  const atr = atrSeries(bars, n);
  return {
    middle: mid,
    upper: mid.map((x, i) => x + m * (atr[i] as number)),
    lower: mid.map((x, i) => x - m * (atr[i] as number)),
  };
}

/** TTM squeeze counts (see squeezeStep) for Bollinger(n, bbK) inside Keltner(n, kcM). */
export function squeezeSeries(bars: readonly HLC[], n = 20, bbK = 2, kcM = 1.5): number[] {
  const bb = bollingerSeries(
    bars.map((b) => b.close),
    n,
    bbK,
  );
  const kc = keltnerSeries(bars, n, kcM);
  const out = new Array<number>(bars.length).fill(Number.NaN);
  let z = Number.NaN;
  for (let i = n - 1; i < bars.length; i++) {
    const q = isSqueezed(
      bb.upper[i] as number,
      bb.lower[i] as number,
      kc.upper[i] as number,
      kc.lower[i] as number,
    );
    z = squeezeStep(z, q);
    out[i] = z;
  }
  return out;
}

export interface SupertrendPoint {
  /** 1 = up (price above the line, BUY), −1 = down (SELL). */
  readonly flag: 1 | -1;
  /** The Supertrend line: the lower band in an uptrend, the upper band in a downtrend. */
  readonly pivot: number;
}

/** Supertrend(n, m) on hl2 ± m × ATR(n); null while ATR warms up. */
export function supertrendSeries(bars: readonly HLC[], n = 10, m = 3): (SupertrendPoint | null)[] {
  const atr = atrSeries(bars, n);
  const out: (SupertrendPoint | null)[] = [];
  let upper = Number.NaN;
  let lower = Number.NaN;
  let up = false;
  let started = false;
  let prevClose = Number.NaN;
  for (let i = 0; i < bars.length; i++) {
    const b = bars[i] as HLC;
    const a = atr[i] as number;
    if (Number.isNaN(a)) {
      out.push(null);
      continue;
    }
    const hl2 = (b.high + b.low) / 2;
    const bu = hl2 + m * a;
    const bl = hl2 - m * a;
    if (!started) {
      upper = bu;
      lower = bl;
      up = b.close > upper;
      started = true;
    } else {
      upper = supertrendUpper(bu, upper, prevClose);
      lower = supertrendLower(bl, lower, prevClose);
      up = supertrendUp(up, b.close, lower, upper);
    }
    prevClose = b.close;
    out.push({ flag: up ? 1 : -1, pivot: up ? lower : upper });
  }
  return out;
}

/** Cumulative VWAP over bars by typical price (h + l + c) / 3; bars without volume are skipped. */
export function vwapSeries(bars: readonly HLCV[]): number[] {
  let pv = 0;
  let v = 0;
  return bars.map((b) => {
    if (b.volume > 0) {
      pv += ((b.high + b.low + b.close) / 3) * b.volume;
      v += b.volume;
    }
    return v > 0 ? pv / v : Number.NaN;
  });
}

/** VWAP of prints: Σ price × size / Σ size, the engine's session VWAP. */
export function tradeVwap(prices: readonly number[], sizes: readonly number[]): number {
  let pv = 0;
  let v = 0;
  for (let i = 0; i < prices.length; i++) {
    pv += (prices[i] as number) * (sizes[i] as number);
    v += sizes[i] as number;
  }
  return v > 0 ? pv / v : Number.NaN;
}

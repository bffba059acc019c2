// One-step indicator recurrences shared by the array functions (series.ts) and the engine's
// per-symbol state (barState.ts), so the numbers the library checks are the numbers served.

/** True range; the first bar of a series has no previous close and uses high − low. */
export function trueRange(high: number, low: number, prevClose: number): number {
  const hl = high - low;
  if (Number.isNaN(prevClose)) return hl;
  return Math.max(hl, Math.abs(high - prevClose), Math.abs(low - prevClose));
}

/**
 * EMA with α = 2 / (n + 1), seeded with the first value (as TradingView's ta.ema and
 * trading-signals do); `prev` is NaN before the first value.
 */
export function emaStep(prev: number, x: number, n: number): number {
  if (Number.isNaN(prev)) return x;
  const a = 2 / (n + 1);
  return x * a + prev * (1 - a);
}

/**
 * Wilder's smoothing (RMA) seeded with the simple mean of the first n values. While fewer than
 * n values have arrived, `acc` holds their running sum; `count` is the number of values
 * before x. Returns the new accumulator: the sum during warm-up, then the average.
 */
export function wilderStep(acc: number, x: number, count: number, n: number): number {
  if (count + 1 < n) return (count === 0 ? 0 : acc) + x;
  if (count + 1 === n) return ((count === 0 ? 0 : acc) + x) / n;
  return acc + (x - acc) / n;
}

/** Supertrend final upper band: it only ratchets down, unless price closed above it. */
export function supertrendUpper(basic: number, prevFinal: number, prevClose: number): number {
  return basic < prevFinal || prevClose > prevFinal ? basic : prevFinal;
}

/** Supertrend final lower band: it only ratchets up, unless price closed below it. */
export function supertrendLower(basic: number, prevFinal: number, prevClose: number): number {
  return basic > prevFinal || prevClose < prevFinal ? basic : prevFinal;
}

/** Direction after a bar: an uptrend holds while close ≥ lower band, a downtrend flips on close > upper. */
export function supertrendUp(prevUp: boolean, close: number, lower: number, upper: number): boolean {
  return prevUp ? close >= lower : close > upper;
}

/**
 * TTM squeeze count after a bar: n > 0 = in squeeze for n bars, 0 = fired on this bar (was in,
 * now out), −n = fired n bars ago. NaN until the first squeeze is seen, since "fired" has no
 * meaning before one.
 */
export function squeezeStep(prev: number, squeezed: boolean): number {
  if (squeezed) return prev > 0 ? prev + 1 : 1;
  if (Number.isNaN(prev)) return Number.NaN;
  return prev > 0 ? 0 : prev - 1;
}

/** Bollinger inside Keltner, strictly on both sides. */
export function isSqueezed(bbUpper: number, bbLower: number, kcUpper: number, kcLower: number): boolean {
  return bbUpper < kcUpper && bbLower > kcLower;
}

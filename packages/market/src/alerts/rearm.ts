// When a rule fires and when it may fire again (docs/alerts.md "What fires"). Pure functions of
// numbers so the evaluator keeps its state in typed arrays; NaN is "never fired" / "unknown".

/** Prices are compared to a hundredth of a cent's millionth: 12.00 + 0.10 reaches 12.10. */
const EPS = 1e-7;

/**
 * `trade`: a new high (dir 1) or low (dir −1) at `price` fires when the rule has not fired in
 * that direction yet (lastFired NaN), or the price is `rate` dollars (or, `percent`, `rate` % of
 * the last fired price) beyond the last fired one.
 */
export function tradeFires(
  dir: number,
  price: number,
  lastFired: number,
  rate: number,
  percent = false,
): boolean {
  if (Number.isNaN(lastFired)) return true;
  // A percent step is a dollar step of `rate` % of the last fired price (10 % of 2.00 is 0.20).
  const step = percent ? (lastFired * rate) / 100 : rate;
  return dir > 0 ? price >= lastFired + step - EPS : price <= lastFired - step + EPS;
}

/**
 * `price`: the step a % change has reached, signed (rate 2: +4.0 % is 2, −2.1 % is −1, +1.9 %
 * is 0). A hair of tolerance so 6.0 / 2 is 3 even when the division lands a bit short.
 */
export function priceStep(changePct: number, rate: number): number {
  const k = Math.floor(Math.abs(changePct) / rate + 1e-9);
  return changePct < 0 ? -k : k;
}

/**
 * `price`: the level the rule is armed from after this change — back to 0 once the change has
 * crossed back through 0 (to the other sign, or to 0 itself), else the last fired level.
 */
export function priceBase(level: number, changePct: number): number {
  if ((level > 0 && changePct <= 0) || (level < 0 && changePct >= 0)) return 0;
  return level;
}

/**
 * `price`: the new level from `base` (what priceBase gave); a level other than `base` means
 * the rule fires now (a further step away from 0 in the same direction).
 */
export function priceNext(base: number, changePct: number, rate: number): number {
  const k = priceStep(changePct, rate);
  if (k > 0 && k > base) return k;
  if (k < 0 && k < base) return k;
  return base;
}

/** `uv`: fires at uVol ≥ rate; armed again once uVol is below rate. */
export function uvFires(uVol: number, rate: number): boolean {
  return uVol >= rate;
}
export function uvRearms(uVol: number, rate: number): boolean {
  return uVol < rate;
}

/** `vwap`: fires at |distance| ≥ rate %; armed again once back within rate / 2 %. */
export function vwapFires(distPct: number, rate: number): boolean {
  return Math.abs(distPct) >= rate;
}
export function vwapRearms(distPct: number, rate: number): boolean {
  return Math.abs(distPct) < rate / 2;
}

/** `price` bounds: the last price inside [low, high]; a null (NaN) bound is open. */
export function insideBounds(price: number, low: number, high: number): boolean {
  return !(price < low) && !(price > high);
}

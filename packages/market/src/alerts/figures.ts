import type { EngineState } from '../engine/engineState.ts';
import { lastPrice, percentFrom, profileUVol, sessionVwap } from '../engine/metrics.ts';

// The figures an alert carries and its rules read, from the engine's tables through the same
// helpers as the stream entries and Discovery rows (metrics.ts), so an alert says what the
// screen says: % change vs the prior close, uVol over the session so far (Discovery's 1-day
// UVol), session VWAP and the distance from it.

/** What the evaluator reads of the engine: its tables, session and drained queue. */
export type AlertEngineView = Pick<
  EngineState,
  'table' | 'day' | 'bars' | 'profile' | 'scratch' | 'session' | 'queue' | 'reasons'
>;

export const F_PRICE = 0;
export const F_PRICE_DIST = 1;
export const F_UV = 2;
export const F_VWAP = 3;
export const F_VWAP_DIST = 4;
export const FIGURE_COUNT = 5;

/**
 * Fills out[F_*] for symbol id at `price` (NaN: its last price). uVol spans slots 0…slot; a
 * negative slot leaves it NaN for the caller to read with uVolNow only when needed.
 */
export function readFigures(
  e: AlertEngineView,
  id: number,
  price: number,
  slot: number,
  out: Float64Array,
): void {
  const p = Number.isNaN(price) ? lastPrice(e, id) : price;
  const vwap = sessionVwap(e, id);
  out[F_PRICE] = p;
  out[F_PRICE_DIST] = percentFrom(p, e.table.prevClose[id] as number);
  out[F_UV] = slot < 0 ? Number.NaN : uVolNow(e, id, slot);
  out[F_VWAP] = vwap;
  out[F_VWAP_DIST] = percentFrom(p, vwap);
}

/** Discovery's 1-day uVol of symbol id: slots 0…slot (04:00 to now). NaN without a profile. */
export function uVolNow(e: AlertEngineView, id: number, slot: number): number {
  return profileUVol(e, id, 0, slot);
}

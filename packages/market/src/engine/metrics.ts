import type { SessionDay } from '../calendar/session.ts';
import { atrOf, IND_STRIDE, liveBlock } from '../indicators/barState.ts';
import { SLOTS_PER_SESSION, slotIndex, TF_COUNT, TF_DAY } from '../timeframes.ts';
import type { EngineState, FigureState } from './engineState.ts';

// Per-symbol figures shared by the stream entries and Discovery rows, so both say the same.

/** Last print of the session, else the latest known close (daily history, then prior close). */
export function lastPrice(e: FigureState, id: number): number {
  const l = e.day.last[id] as number;
  if (!Number.isNaN(l)) return l;
  const fc = e.bars.fClose[id * TF_COUNT + TF_DAY] as number;
  if (!Number.isNaN(fc)) return fc;
  const o = e.bars.histOffset(id, TF_DAY, 0);
  if (o >= 0) return e.bars.hist[o + 4] as number;
  return e.table.prevClose[id] as number;
}

/** Live indicator block of (id, tf): committed bars plus the forming bar. Valid until the next call. */
export function liveIndicators(e: FigureState, id: number, tf: number): Float64Array {
  const i = id * TF_COUNT + tf;
  const b = e.bars;
  return liveBlock(
    b.ind,
    i * IND_STRIDE,
    e.scratch,
    b.fHigh[i] as number,
    b.fLow[i] as number,
    b.fClose[i] as number,
  );
}

/** ATR(14) on the timeframe's bars as % of last, NaN during warm-up. */
export function atrPercent(e: FigureState, id: number, tf: number, last: number): number {
  return (atrOf(liveIndicators(e, id, tf), 0) / last) * 100;
}

/**
 * ATR(14) in dollars over the completed daily bars only: today's forming bar is left out, so
 * the Meters' yardstick holds still during the session. NaN during warm-up.
 */
export function completedDailyAtr(e: FigureState, id: number): number {
  return atrOf(e.bars.ind, (id * TF_COUNT + TF_DAY) * IND_STRIDE);
}

/**
 * Gap in dollars: today's regular-session open − prior close. Before 09:30 there is no open
 * yet, so the pre-market gap uses the last print instead (what a trader watches then).
 */
export function gapDollars(e: FigureState, id: number): number {
  const ro = e.day.regOpen[id] as number;
  const base = Number.isNaN(ro) ? (e.day.last[id] as number) : ro;
  return base - (e.table.prevClose[id] as number);
}

/** (x − ref) as % of ref; NaN when ref is not positive. */
export function percentFrom(x: number, ref: number): number {
  return ref > 0 ? ((x - ref) / ref) * 100 : Number.NaN;
}

/** Session VWAP (Σ price × size / Σ size); NaN before the first print. */
export function sessionVwap(e: Pick<FigureState, 'day'>, id: number): number {
  return (e.day.value[id] as number) / (e.day.volume[id] as number);
}

/**
 * uVol over the 15-minute slots [from, to] of today: % above (+) or below (−) the average
 * volume of the same slots in prior sessions. NaN without a profile.
 */
export function profileUVol(e: Pick<EngineState, 'profile'>, id: number, from: number, to: number): number {
  const p = e.profile;
  if (!((p.sessions[id] as number) > 0)) return Number.NaN;
  return percentFrom(p.sum(p.today, id, from, to), p.sum(p.avg, id, from, to));
}

/** The session's slot "now" falls in; after 20:00 or on a closed day, its last slot. */
export function sessionSlot(s: SessionDay, now: number): number {
  const t = Math.min(Math.max(now, s.start), s.end - 1);
  return Math.min(slotIndex(s, t), SLOTS_PER_SESSION - 1);
}

export function nullIfNaN(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

import { BF_CLOSE, BF_VALUE, BF_VOLUME } from '../bars/barStore.ts';
import type { EngineState, SessionControl } from '../engine/engineState.ts';
import {
  gapDollars,
  lastPrice,
  liveIndicators,
  nullIfNaN,
  profileUVol,
  sessionSlot,
  sessionVwap,
} from '../engine/metrics.ts';
import { atrOf, IND_STRIDE, squeezeOf, supertrendFlagOf, supertrendPivotOf } from '../indicators/barState.ts';
import {
  barFirstSlot,
  fillBarStarts,
  INTRADAY_COUNT,
  TF_COUNT,
  TF_DAY,
  TF_INDEX,
  type Timeframe,
} from '../timeframes.ts';
import type { DiscoveryRow } from './row.ts';

// The full-universe recompute: one straight loop over dense ids reading typed arrays, no
// closures or intermediate arrays per row; the only allocations are the rows themselves.

function pct(cur: number, prev: number): number | null {
  return prev > 0 ? ((cur - prev) / prev) * 100 : null;
}

/**
 * Discovery rows for every symbol with a known price, in id order, as of the engine clock.
 * Bars whose period has ended are committed first, so "the current bar" is the clock's bar
 * (empty for a symbol that has not traded in it). After 20:00 and on closed days, "now" is
 * the last minute of the latest session.
 */
export function discoveryRows(
  e: Pick<EngineState, 'clock' | 'session' | 'table' | 'day' | 'bars' | 'profile' | 'scratch'> &
    Pick<SessionControl, 'advance'>,
  timeframe: Timeframe,
): DiscoveryRow[] {
  const now = e.clock();
  e.advance(now);
  const s = e.session;
  const t = Math.min(Math.max(now, s.start), s.end - 1);
  const starts = new Float64Array(TF_COUNT);
  fillBarStarts(s, t, starts);
  const tf = TF_INDEX[timeframe];
  const curStart = starts[tf] as number;
  const curSlot = sessionSlot(s, now);
  const firstSlot = tf < INTRADAY_COUNT ? barFirstSlot(s, tf, curSlot) : 0;
  const { table, bars } = e;
  const rows: DiscoveryRow[] = [];

  for (let id = 0; id < table.count; id++) {
    const l = lastPrice(e, id);
    if (!(l > 0)) continue;
    bars.rollTo(id, tf, curStart);
    const i = id * TF_COUNT + tf;
    const hasBar = !Number.isNaN(bars.fStart[i] as number);
    const v = hasBar ? (bars.fVolume[i] as number) : 0;
    const value = hasBar ? (bars.fValue[i] as number) : 0;
    const prevClose = table.prevClose[id] as number;

    const h0 = bars.histOffset(id, tf, 0);
    const prevBarClose = h0 >= 0 ? (bars.hist[h0 + BF_CLOSE] as number) : Number.NaN;
    const prevBarVolume = h0 >= 0 ? (bars.hist[h0 + BF_VOLUME] as number) : Number.NaN;
    const prevBarValue = h0 >= 0 ? (bars.hist[h0 + BF_VALUE] as number) : Number.NaN;
    const ref = tf === TF_DAY ? prevClose : prevBarClose;

    let histVol = 0;
    const hLen = bars.hLen[i] as number;
    for (let k = 0; k < hLen; k++) histVol += bars.hist[bars.histOffset(id, tf, k) + BF_VOLUME] as number;
    const meanHistVol = hLen > 0 ? histVol / hLen : Number.NaN;
    const refAv = table.avgVolume[id] as number;
    const av = tf === TF_DAY && !Number.isNaN(refAv) ? refAv : meanHistVol;

    const u = tf <= TF_DAY ? nullIfNaN(profileUVol(e, id, firstSlot, curSlot)) : pct(v, meanHistVol);
    const vwap = tf <= TF_DAY ? sessionVwap(e, id) : value / v;

    // The committed block is read before liveIndicators fills the scratch copy with the
    // forming bar applied: a different live flag means the trend flipped in this bar.
    const committedFlag = supertrendFlagOf(bars.ind, i * IND_STRIDE);
    const ind = liveIndicators(e, id, tf);
    const atr = atrOf(ind, 0);
    const flag = supertrendFlagOf(ind, 0);
    const flipped = committedFlag !== 0 && flag !== committedFlag ? 1 : 0;

    rows.push({
      s: table.symbols[id] as string,
      l,
      p: ref > 0 ? [((l - ref) / ref) * 100, l - ref] : null,
      pl: nullIfNaN(prevClose),
      v,
      av: nullIfNaN(av),
      m: hasBar ? (bars.fHighs[i] as number) - (bars.fLows[i] as number) : 0,
      u,
      vw: vwap > 0 ? ((l - vwap) / vwap) * 100 : null,
      e: table.sector[id] as number,
      f: nullIfNaN(table.float[id] as number),
      sr: nullIfNaN(table.shortRatio[id] as number),
      t: table.trending[id] === 1 ? 1 : 0,
      n: nullIfNaN(table.newsTs[id] as number),
      g: nullIfNaN(gapDollars(e, id)),
      z: nullIfNaN(squeezeOf(ind, 0)),
      tr: nullIfNaN((atr / l) * 100),
      st: flag === 0 ? null : [flag, supertrendPivotOf(ind, 0), flipped],
      mf: [value, pct(value, prevBarValue)],
      rv: [v, pct(v, prevBarVolume)],
    });
  }
  return rows;
}

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
// `fillRow` is the one place a row's figures are read from the engine: the served rows take
// every field, the Alert lab's filtered refresh (discovery/columns.ts) only the fields its filter
// reads, into one reused row.

function pct(cur: number, prev: number): number | null {
  return prev > 0 ? ((cur - prev) / prev) * 100 : null;
}

/** What a Discovery refresh reads of the engine (served rows and the lab's columns alike). */
export type RecomputeState = Pick<
  EngineState,
  'clock' | 'session' | 'table' | 'day' | 'bars' | 'profile' | 'scratch'
> &
  Pick<SessionControl, 'advance'>;

/** What a refresh of one timeframe reads of the clock: the same for every symbol. */
export interface DiscoveryFrame {
  readonly now: number;
  readonly tf: number;
  /** Start of the timeframe's current bar. */
  readonly curStart: number;
  readonly curSlot: number;
  readonly firstSlot: number;
}

// Which fields fillRow reads, by what they cost. Always: s, l, e.
/** p, pl, g: the price against its reference and the prior close. */
export const ROW_PRICE = 1;
/** v, m, mf, rv: the current and the previous bar. */
export const ROW_BAR = 2;
/** av: the mean volume of the completed bars (1wk and 1mo u read it too). */
export const ROW_AV = 4;
/** u */
export const ROW_UV = 8;
/** vw */
export const ROW_VWAP = 16;
/** z, tr, st: the live indicators. */
export const ROW_IND = 32;
/** f, sr, t, n: reference data. */
export const ROW_REF = 64;
export const ROW_ALL = 127;

/**
 * The frame of a refresh at the engine clock. After 20:00 and on closed days, "now" is the last
 * minute of the latest session.
 */
export function discoveryFrame(e: RecomputeState, timeframe: Timeframe): DiscoveryFrame {
  const now = e.clock();
  e.advance(now);
  const s = e.session;
  const t = Math.min(Math.max(now, s.start), s.end - 1);
  const starts = new Float64Array(TF_COUNT);
  fillBarStarts(s, t, starts);
  const tf = TF_INDEX[timeframe];
  const curSlot = sessionSlot(s, now);
  return {
    now,
    tf,
    curStart: starts[tf] as number,
    curSlot,
    firstSlot: tf < INTRADAY_COUNT ? barFirstSlot(s, tf, curSlot) : 0,
  };
}

/** A row to fill: every field present, so rows keep one shape. */
export const blankRow = (): DiscoveryRow => ({
  s: '',
  l: 0,
  p: null,
  pl: null,
  v: 0,
  av: null,
  m: 0,
  u: null,
  vw: null,
  e: 0,
  f: null,
  sr: null,
  t: 0,
  n: null,
  g: null,
  z: null,
  tr: null,
  st: null,
  mf: [0, null],
  rv: [0, null],
});

/**
 * Fills `row` with symbol id's figures in frame f: the fields of `need` (ROW_*) and the cheap
 * ones; the others keep what they held. Commits the symbol's ended bar first, so "the current
 * bar" is the clock's (empty for a symbol that has not traded in it). Arrays the row already
 * holds are written in place. False when the symbol has no known price (no row).
 */
export function fillRow(
  e: RecomputeState,
  f: DiscoveryFrame,
  id: number,
  need: number,
  row: DiscoveryRow,
): boolean {
  const l = lastPrice(e, id);
  if (!(l > 0)) return false;
  const { table, bars } = e;
  const tf = f.tf;
  bars.rollTo(id, tf, f.curStart);
  const i = id * TF_COUNT + tf;
  row.s = table.symbols[id] as string;
  row.l = l;
  row.e = table.sector[id] as number;
  if (need & ROW_REF) {
    row.f = nullIfNaN(table.float[id] as number);
    row.sr = nullIfNaN(table.shortRatio[id] as number);
    row.t = table.trending[id] === 1 ? 1 : 0;
    row.n = nullIfNaN(table.newsTs[id] as number);
  }
  const hasBar = !Number.isNaN(bars.fStart[i] as number);
  const v = hasBar ? (bars.fVolume[i] as number) : 0;
  const value = hasBar ? (bars.fValue[i] as number) : 0;
  // The latest completed bar: the reference of an intraday % change, and the bar figures' base.
  const h0 = need & ROW_BAR || (need & ROW_PRICE && tf !== TF_DAY) ? bars.histOffset(id, tf, 0) : -1;
  if (need & ROW_PRICE) {
    const prevClose = table.prevClose[id] as number;
    const ref = tf === TF_DAY ? prevClose : h0 >= 0 ? (bars.hist[h0 + BF_CLOSE] as number) : Number.NaN;
    row.p = ref > 0 ? pair(row.p, ((l - ref) / ref) * 100, l - ref) : null;
    row.pl = nullIfNaN(prevClose);
    row.g = nullIfNaN(gapDollars(e, id));
  }
  if (need & ROW_BAR) {
    const prevBarVolume = h0 >= 0 ? (bars.hist[h0 + BF_VOLUME] as number) : Number.NaN;
    const prevBarValue = h0 >= 0 ? (bars.hist[h0 + BF_VALUE] as number) : Number.NaN;
    row.v = v;
    row.m = hasBar ? (bars.fHighs[i] as number) - (bars.fLows[i] as number) : 0;
    row.mf = pair(row.mf, value, pct(value, prevBarValue)) as [number, number | null];
    row.rv = pair(row.rv, v, pct(v, prevBarVolume)) as [number, number | null];
  }
  if (need & (ROW_AV | ROW_UV)) {
    let histVol = 0;
    const hLen = bars.hLen[i] as number;
    for (let k = 0; k < hLen; k++) histVol += bars.hist[bars.histOffset(id, tf, k) + BF_VOLUME] as number;
    const meanHistVol = hLen > 0 ? histVol / hLen : Number.NaN;
    const refAv = table.avgVolume[id] as number;
    row.av = nullIfNaN(tf === TF_DAY && !Number.isNaN(refAv) ? refAv : meanHistVol);
    if (need & ROW_UV)
      row.u = tf <= TF_DAY ? nullIfNaN(profileUVol(e, id, f.firstSlot, f.curSlot)) : pct(v, meanHistVol);
  }
  if (need & ROW_VWAP) {
    const vwap = tf <= TF_DAY ? sessionVwap(e, id) : value / v;
    row.vw = vwap > 0 ? ((l - vwap) / vwap) * 100 : null;
  }
  if (need & ROW_IND) {
    // The committed block is read before liveIndicators fills the scratch copy with the
    // forming bar applied: a different live flag means the trend flipped in this bar.
    const committedFlag = supertrendFlagOf(bars.ind, i * IND_STRIDE);
    const ind = liveIndicators(e, id, tf);
    const atr = atrOf(ind, 0);
    const flag = supertrendFlagOf(ind, 0);
    const flipped = committedFlag !== 0 && flag !== committedFlag ? 1 : 0;
    row.z = nullIfNaN(squeezeOf(ind, 0));
    row.tr = nullIfNaN((atr / l) * 100);
    row.st = flag === 0 ? null : triple(row.st, flag, supertrendPivotOf(ind, 0), flipped);
  }
  return true;
}

/** [a, b], in `into` when the row already has an array there. */
function pair(into: (number | null)[] | null, a: number, b: number | null): [number, number] {
  if (into === null) return [a, b] as [number, number];
  into[0] = a;
  into[1] = b;
  return into as [number, number];
}

function triple(into: number[] | null, a: number, b: number, c: 0 | 1): [number, number, 0 | 1] {
  if (into === null) return [a, b, c];
  into[0] = a;
  into[1] = b;
  into[2] = c;
  return into as [number, number, 0 | 1];
}

/** Symbol id's whole row in frame f (a new object), or null when it has no known price. */
export function discoveryRow(e: RecomputeState, f: DiscoveryFrame, id: number): DiscoveryRow | null {
  const row = blankRow();
  return fillRow(e, f, id, ROW_ALL, row) ? row : null;
}

/** Discovery rows for every symbol with a known price, in id order, as of the engine clock. */
export function discoveryRows(e: RecomputeState, timeframe: Timeframe): DiscoveryRow[] {
  const f = discoveryFrame(e, timeframe);
  const rows: DiscoveryRow[] = [];
  for (let id = 0; id < e.table.count; id++) {
    const row = discoveryRow(e, f, id);
    if (row !== null) rows.push(row);
  }
  return rows;
}

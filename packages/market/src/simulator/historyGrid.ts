import { MS_PER_MINUTE } from '../calendar/civil.ts';
import { nyWallToUtc } from '../calendar/nyTime.ts';
import { nextSession, type SessionDay, sessionAt, sessionOfDay } from '../calendar/session.ts';
import {
  barFirstSlot,
  firstOfMonth,
  INTRADAY_COUNT,
  mondayOf,
  SLOT_MS,
  SLOTS_PER_SESSION,
  TF_COUNT,
  TF_DAY,
  TF_MONTH,
  TF_WEEK,
} from '../timeframes.ts';
import { intensity } from './profile.ts';
import { REGULAR_SECONDS } from './state.ts';

// The time grid of the seeded history, shared by every symbol: which bars precede the
// simulator's first session in each timeframe, aligned exactly as the engine aligns prints
// (timeframes.ts), and how much of a regular day's trading each bar holds. The simulator's
// price variance and volume both scale with its print count, so one weight serves both.

/** One timeframe's completed bars, oldest first. */
export interface TimeframeGrid {
  readonly starts: Float64Array;
  /** Share of a regular session's prints (1 = 09:30–16:00 of a full day) the bar holds. */
  readonly weight: Float64Array;
  /** Sessions the bar spans: its open follows an overnight gap, and so does each further day. */
  readonly sessions: Float64Array;
}

export interface HistoryGrid {
  /** The simulator's first session: the one holding its start, else the next one. */
  readonly first: SessionDay;
  /** Indexed by timeframe (TF_INDEX order). */
  readonly tfs: readonly TimeframeGrid[];
  /** Start of the week and month the first session belongs to (their bars are still forming). */
  readonly weekStart: number;
  readonly monthStart: number;
  /** Expected share of a full day's prints per 15-minute slot from 04:00. */
  readonly slots: Float64Array;
}

const slotCache = new Map<string, Float64Array>();

/** Share of a regular session's prints in each 15-minute slot of s (minute midpoints). */
export function slotWeights(s: SessionDay): Float64Array {
  // Every full day (and every half day) has the same offsets from its 04:00 start.
  const key = `${s.open - s.start}/${s.close - s.start}/${s.end - s.start}`;
  const hit = slotCache.get(key);
  if (hit) return hit;
  const out = new Float64Array(SLOTS_PER_SESSION);
  const n = Math.round((s.end - s.start) / SLOT_MS);
  for (let k = 0; k < n; k++) {
    let sum = 0;
    for (let m = 0; m < 15; m++) sum += intensity(s, s.start + k * SLOT_MS + (m + 0.5) * MS_PER_MINUTE);
    out[k] = (sum * 60) / REGULAR_SECONDS;
  }
  slotCache.set(key, out);
  return out;
}

function dayWeight(s: SessionDay): number {
  let sum = 0;
  for (const w of slotWeights(s)) sum += w;
  return sum;
}

function grid(n: number): { starts: Float64Array; weight: Float64Array; sessions: Float64Array } {
  return { starts: new Float64Array(n), weight: new Float64Array(n), sessions: new Float64Array(n) };
}

/** Trading sessions before `first`, most recent first. */
function* sessionsBefore(first: SessionDay): Generator<SessionDay> {
  for (let day = first.day - 1; day > first.day - 4000; day--) {
    const s = sessionOfDay(day);
    if (s) yield s;
  }
}

/** Weight and session count of the calendar days [from, to). */
function spanOf(from: number, to: number): [number, number] {
  let w = 0;
  let n = 0;
  for (let d = from; d < to; d++) {
    const s = sessionOfDay(d);
    if (s) {
      w += dayWeight(s);
      n++;
    }
  }
  return [w, n];
}

/** The last `count` intraday bars of timeframe tf before `first`. */
function intradayGrid(first: SessionDay, tf: number, count: number): TimeframeGrid {
  const g = grid(count);
  let k = count;
  for (const s of sessionsBefore(first)) {
    const w = slotWeights(s);
    const n = Math.round((s.end - s.start) / SLOT_MS);
    // Walk the session's bars backwards: each ends where the next began.
    let end = n;
    while (end > 0 && k > 0) {
      const from = barFirstSlot(s, tf, end - 1);
      let sum = 0;
      for (let j = from; j < end; j++) sum += w[j] as number;
      k--;
      g.starts[k] = s.start + from * SLOT_MS;
      g.weight[k] = sum;
      g.sessions[k] = from === 0 ? 1 : 0;
      end = from;
    }
    if (k === 0) break;
  }
  return g;
}

function dailyGrid(first: SessionDay, count: number): TimeframeGrid {
  const g = grid(count);
  let k = count;
  for (const s of sessionsBefore(first)) {
    if (k === 0) break;
    k--;
    g.starts[k] = s.start;
    g.weight[k] = dayWeight(s);
    g.sessions[k] = 1;
  }
  return g;
}

/** Completed weeks (or months) before the one holding `first`; periods with no session are skipped. */
function periodGrid(count: number, current: number, previous: (start: number) => number): TimeframeGrid {
  const g = grid(count);
  let k = count;
  let end = current;
  for (let guard = 0; k > 0 && guard < count * 4 + 8; guard++) {
    const start = previous(end);
    const [w, n] = spanOf(start, end);
    if (n > 0) {
      k--;
      g.starts[k] = nyWallToUtc(start, 4 * 60);
      g.weight[k] = w;
      g.sessions[k] = n;
    }
    end = start;
  }
  return g;
}

/**
 * The grid for `count` completed bars per timeframe before the first session at or after
 * startTs. The daily grid is longer when the current month so far needs more days, since the
 * forming week and month are built from the daily bars.
 */
export function historyGrid(startTs: number, count: number): HistoryGrid {
  const first = sessionAt(startTs) ?? nextSession(startTs);
  const monday = mondayOf(first.day);
  const monthDay = firstOfMonth(first.day);
  const [, monthSessions] = spanOf(monthDay, first.day);
  const tfs: TimeframeGrid[] = [];
  for (let tf = 0; tf < INTRADAY_COUNT; tf++) tfs.push(intradayGrid(first, tf, count));
  tfs[TF_DAY] = dailyGrid(first, Math.max(count, monthSessions + 1));
  tfs[TF_WEEK] = periodGrid(count, monday, (end) => end - 7);
  tfs[TF_MONTH] = periodGrid(count, monthDay, (end) => firstOfMonth(end - 1));
  if (tfs.length !== TF_COUNT) throw new Error('history grid: timeframe missing');
  return {
    first,
    tfs,
    weekStart: nyWallToUtc(monday, 4 * 60),
    monthStart: nyWallToUtc(monthDay, 4 * 60),
    slots: slotWeights(sessionFull(first)),
  };
}

/** A full (not half) day's session near s, for the volume profile's shape. */
function sessionFull(s: SessionDay): SessionDay {
  if (!s.half) return s;
  for (const prev of sessionsBefore(s)) if (!prev.half) return prev;
  return s;
}

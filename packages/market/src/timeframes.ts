import { daysFromCivil, MS_PER_DAY, MS_PER_MINUTE, weekday, ymdFromDays } from './calendar/civil.ts';
import { nyWallToUtc } from './calendar/nyTime.ts';
import type { SessionDay } from './calendar/session.ts';

// Bar alignment. Intraday bars are anchored at the 09:30 opening bell and clipped to the
// 04:00–20:00 session, so the first regular hour is one 09:30–10:30 bar and pre-market's first
// bar may be short (1hr: 04:00–04:30, 04:30–05:30, …). 15 and 30 minute bars land on the
// same grid either way. 1day is the whole 04:00–20:00 session; 1wk starts Monday 04:00 and 1mo
// on the 1st at 04:00, New York time, whether or not that day trades.

export const TIMEFRAMES = ['15min', '30min', '1hr', '2hr', '4hr', '1day', '1wk', '1mo'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const TF_COUNT = TIMEFRAMES.length;

/** The names the live stream uses for the same timeframes. */
export const STREAM_TF: Readonly<Record<Timeframe, string>> = {
  '15min': '15m',
  '30min': '30m',
  '1hr': '1h',
  '2hr': '2h',
  '4hr': '4h',
  '1day': '1d',
  '1wk': '1w',
  '1mo': '1mo',
};

export const TF_INDEX: Readonly<Record<Timeframe, number>> = {
  '15min': 0,
  '30min': 1,
  '1hr': 2,
  '2hr': 3,
  '4hr': 4,
  '1day': 5,
  '1wk': 6,
  '1mo': 7,
};

export const TF_DAY = 5;
export const TF_WEEK = 6;
export const TF_MONTH = 7;
export const INTRADAY_COUNT = 5;
const INTRADAY_MIN = [15, 30, 60, 120, 240];

export const SLOT_MS = 15 * MS_PER_MINUTE;
/** 15-minute slots in a full 04:00–20:00 session. */
export const SLOTS_PER_SESSION = 64;

export function isTimeframe(s: string): s is Timeframe {
  return Object.hasOwn(TF_INDEX, s);
}

/** Monday of the week holding a day (days since epoch). */
export function mondayOf(day: number): number {
  return day - ((weekday(day) + 6) % 7);
}

export function firstOfMonth(day: number): number {
  const ymd = ymdFromDays(day);
  return daysFromCivil(Math.floor(ymd / 10000), Math.floor(ymd / 100) % 100, 1);
}

/**
 * Writes the start (UTC ms) of the bar holding ts into out[tf] for every timeframe, and
 * returns the end of the 15-minute slot holding ts: every 15-minute slot lies inside exactly
 * one bar of each timeframe, so the starts stay valid until then. ts must lie in session s.
 */
export function fillBarStarts(s: SessionDay, ts: number, out: Float64Array): number {
  for (let i = 0; i < INTRADAY_COUNT; i++) {
    const len = (INTRADAY_MIN[i] as number) * MS_PER_MINUTE;
    const k = Math.floor((ts - s.open) / len);
    out[i] = Math.max(s.start, s.open + k * len);
  }
  out[TF_DAY] = s.start;
  out[TF_WEEK] = nyWallToUtc(mondayOf(s.day), 240);
  out[TF_MONTH] = nyWallToUtc(firstOfMonth(s.day), 240);
  const k15 = Math.floor((ts - s.open) / SLOT_MS);
  return Math.min(s.end, s.open + (k15 + 1) * SLOT_MS);
}

/** Index (0–63) of the 15-minute slot counted from 04:00. */
export function slotIndex(s: SessionDay, ts: number): number {
  return Math.floor((ts - s.start) / SLOT_MS);
}

/** First slot index of the intraday bar of timeframe tf holding slot `slot`. */
export function barFirstSlot(s: SessionDay, tf: number, slot: number): number {
  const len = (INTRADAY_MIN[tf] as number) * MS_PER_MINUTE;
  const ts = s.start + slot * SLOT_MS;
  const start = Math.max(s.start, s.open + Math.floor((ts - s.open) / len) * len);
  return Math.round((start - s.start) / SLOT_MS);
}

export const DAY_MS = MS_PER_DAY;

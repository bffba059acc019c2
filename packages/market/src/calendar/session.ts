import { MS_PER_DAY, ymdFromDays } from './civil.ts';
import { DayKind, nyseDayKind } from './nyseHolidays.ts';
import { nyLocalMs, nyWallToUtc } from './nyTime.ts';

// The trading day runs 04:00–20:00 New York time: pre-market until 09:30, the regular session
// until 16:00, after-hours until 20:00. On a half day the regular session closes at 13:00 and
// after-hours at 17:00 (when the exchanges' late sessions end on those days).

export type SessionPhase = 'closed' | 'pre' | 'regular' | 'post';

export const PHASE_CODE: Readonly<Record<SessionPhase, number>> = { closed: 0, pre: 1, regular: 2, post: 3 };

export interface SessionDay {
  /** New York date as yyyymmdd, the key of everything kept per session. */
  readonly date: number;
  /** Days since 1970-01-01 of that date. */
  readonly day: number;
  readonly half: boolean;
  /** UTC ms of 04:00, 09:30, the regular close and the end of after-hours. */
  readonly start: number;
  readonly open: number;
  readonly close: number;
  readonly end: number;
}

const START_MIN = 4 * 60;
const OPEN_MIN = 9 * 60 + 30;

const cache = new Map<number, SessionDay | null>();

/** New York calendar day (days since epoch) containing instant ts. */
export function nyDay(ts: number): number {
  return Math.floor(nyLocalMs(ts) / MS_PER_DAY);
}

/** The session of a New York day, or null when the exchange is closed that day. */
export function sessionOfDay(day: number): SessionDay | null {
  const hit = cache.get(day);
  if (hit !== undefined) return hit;
  const ymd = ymdFromDays(day);
  const kind = nyseDayKind(day, Math.floor(ymd / 10000));
  let s: SessionDay | null = null;
  if (kind !== DayKind.Closed) {
    const half = kind === DayKind.Half;
    s = {
      date: ymd,
      day,
      half,
      start: nyWallToUtc(day, START_MIN),
      open: nyWallToUtc(day, OPEN_MIN),
      close: nyWallToUtc(day, half ? 13 * 60 : 16 * 60),
      end: nyWallToUtc(day, half ? 17 * 60 : 20 * 60),
    };
  }
  cache.set(day, s);
  return s;
}

/** The session whose 04:00–end window contains ts, or null. */
export function sessionAt(ts: number): SessionDay | null {
  const s = sessionOfDay(nyDay(ts));
  return s && ts >= s.start && ts < s.end ? s : null;
}

export function phaseIn(s: SessionDay | null, ts: number): SessionPhase {
  if (!s || ts < s.start || ts >= s.end) return 'closed';
  if (ts < s.open) return 'pre';
  return ts < s.close ? 'regular' : 'post';
}

export function phaseAt(ts: number): SessionPhase {
  return phaseIn(sessionAt(ts), ts);
}

/**
 * The latest session that has begun by ts (it may have ended). Session state belongs to it:
 * the day resets only when the next trading day's 04:00 arrives, so overnight, weekends and
 * holidays keep showing the last session.
 */
export function latestSession(ts: number): SessionDay {
  let day = nyDay(ts);
  for (let i = 0; i < 30; i++, day--) {
    const s = sessionOfDay(day);
    if (s && s.start <= ts) return s;
  }
  throw new RangeError(`no trading session in the 30 days before ${ts}`);
}

/** The first session starting after ts (the "opens in" countdown target). */
export function nextSession(ts: number): SessionDay {
  let day = nyDay(ts);
  for (let i = 0; i < 30; i++, day++) {
    const s = sessionOfDay(day);
    if (s && s.start > ts) return s;
  }
  throw new RangeError(`no trading session in the 30 days after ${ts}`);
}

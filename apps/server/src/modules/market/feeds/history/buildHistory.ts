import {
  daysFromCivil,
  type HistorySource,
  type HistoryTarget,
  nyDay,
  nyWallToUtc,
  type SessionDay,
  sessionAt,
  sessionOfDay,
  type Timeframe,
  ymdFromDays,
} from '@tapeline/market';

// Vendor bars → the engine's history (docs/continuity.md §5). Pure: `now` is given. Daily bars
// become 1day bars starting 04:00 New York of their date (the vendor's own daily span is kept as
// is); weeks and months are rolled from them; vendor 15-minute bars are rolled onto the engine's
// intraday grid (anchored at the 09:30 bell, clipped to 04:00–20:00: every engine bar is a union
// of quarter hours) and give the volume profile (mean volume per 15-minute slot from 04:00).

/** One vendor bar. `t`: start of its window (Unix ms); `vw`: the vendor's VWAP when it has one. */
export interface VendorBar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  vw?: number;
}

/** A vendor daily bar, keyed by its New York trading date (days since epoch). */
export interface DailyBar extends VendorBar {
  day: number;
}

export interface SymbolHistory {
  /** Completed and current sessions' daily bars, any order; one per day. */
  daily: readonly DailyBar[];
  /** 15-minute bars, any order. */
  intraday: readonly VendorBar[];
}

export interface BuiltHistory {
  source: HistorySource;
  /** Per symbol: close of the last completed session, mean volume of its last 20 sessions. */
  derived: Map<string, { prevClose: number; avgVolume: number }>;
}

const INTRADAY: readonly [Timeframe, number][] = [
  ['15min', 15],
  ['30min', 30],
  ['1hr', 60],
  ['2hr', 120],
  ['4hr', 240],
];
const MINUTE = 60_000;
const SLOT = 15 * MINUTE;
const SLOTS = 64;
const FIELDS = 7;
export const AVG_VOLUME_SESSIONS = 20;

/**
 * The session the engine is in at `now` and whether it is still running. A session that has
 * ended (after 20:00, overnight, a weekend) is complete: its daily bar is a completed bar and its
 * close the prior close, which is what the engine will carry into the next session's 04:00.
 */
export function currentSession(now: number): { session: SessionDay; live: boolean } {
  let day = nyDay(now);
  for (let i = 0; i < 30; i++, day--) {
    const s = sessionOfDay(day);
    if (s && s.start <= now) return { session: s, live: now < s.end };
  }
  throw new RangeError(`no trading session in the 30 days before ${now}`);
}

/** The `count` trading sessions before `before` (a session), oldest first. */
export function sessionsBefore(before: SessionDay, count: number): SessionDay[] {
  const out: SessionDay[] = [];
  for (let day = before.day - 1; out.length < count && day > before.day - count * 2 - 30; day--) {
    const s = sessionOfDay(day);
    if (s) out.push(s);
  }
  return out.reverse();
}

/** YYYY-MM-DD of a session, as the vendors' URLs want it. */
export function isoDate(s: SessionDay): string {
  const ymd = s.date;
  return `${Math.floor(ymd / 10000)}-${String(Math.floor(ymd / 100) % 100).padStart(2, '0')}-${String(ymd % 100).padStart(2, '0')}`;
}

const moneyOf = (b: VendorBar): number =>
  (b.vw !== undefined && b.vw > 0 ? b.vw : (b.h + b.l + b.c) / 3) * b.v;

class Roll {
  start = Number.NaN;
  o = 0;
  h = 0;
  l = 0;
  c = 0;
  v = 0;
  value = 0;
  add(start: number, b: VendorBar): void {
    if (this.start !== start) {
      this.start = start;
      this.o = b.o;
      this.h = b.h;
      this.l = b.l;
      this.v = 0;
      this.value = 0;
    } else {
      this.h = Math.max(this.h, b.h);
      this.l = Math.min(this.l, b.l);
    }
    this.c = b.c;
    this.v += b.v;
    this.value += moneyOf(b);
  }
  write(out: number[]): void {
    out.push(this.start, this.o, this.h, this.l, this.c, this.v, this.value);
  }
}

function mondayStart(day: number): number {
  const wd = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  return nyWallToUtc(day - ((wd + 6) % 7), 240);
}

function monthStart(day: number): number {
  const ymd = ymdFromDays(day);
  return nyWallToUtc(daysFromCivil(Math.floor(ymd / 10000), Math.floor(ymd / 100) % 100, 1), 240);
}

/** A day that is over at `now`: before the current session, or the current one once it ended. */
const isCompleted = (b: DailyBar, current: { session: SessionDay; live: boolean }) =>
  b.day < current.session.day || (b.day === current.session.day && !current.live);

/** Prior close (the last completed daily close) and mean volume of the last 20 completed days. */
function derive(h: SymbolHistory, current: { session: SessionDay; live: boolean }) {
  const done = h.daily.filter((b) => isCompleted(b, current)).sort((a, b) => a.day - b.day);
  const last = done.at(-1);
  const recent = done.slice(-AVG_VOLUME_SESSIONS);
  return {
    prevClose: last ? last.c : Number.NaN,
    avgVolume: recent.length > 0 ? recent.reduce((n, b) => n + b.v, 0) / recent.length : Number.NaN,
  };
}

/** Writes one symbol's bars, forming bars and volume profile into the target. */
function buildSymbol(
  sym: string,
  h: SymbolHistory,
  now: number,
  current: { session: SessionDay; live: boolean },
  target: HistoryTarget,
): void {
  const cur = current.session;
  const daily = [...h.daily].filter((b) => b.day <= cur.day).sort((a, b) => a.day - b.day);
  const intraday = [...h.intraday].filter((b) => b.t <= now).sort((a, b) => a.t - b.t);
  const sessionOf = intraday.map((b) => sessionAt(b.t));

  // The live session's day is what its 15-minute bars so far add up to, not a completed bar.
  const completedDays = daily.filter((b) => isCompleted(b, current));
  let liveDay: VendorBar | null = null;
  if (current.live) {
    const today = intraday.filter((b) => b.t >= cur.start && b.t < cur.end);
    if (today.length > 0) {
      const r = new Roll();
      for (const b of today) r.add(cur.start, b);
      liveDay = { t: cur.start, o: r.o, h: r.h, l: r.l, c: r.c, v: r.v, vw: r.value / r.v };
    }
  }

  const dayBars: number[] = [];
  for (const b of completedDays) {
    const s = sessionOfDay(b.day);
    if (s) dayBars.push(s.start, b.o, b.h, b.l, b.c, b.v, moneyOf(b));
  }
  if (dayBars.length > 0) target.bars(sym, '1day', Float64Array.from(dayBars), dayBars.length / FIELDS);
  if (liveDay) target.forming(sym, '1day', packed(liveDay, cur.start));

  // Weeks and months: the one holding the current session is forming (the engine's own bar).
  for (const [tf, startOf] of [
    ['1wk', mondayStart],
    ['1mo', monthStart],
  ] as const) {
    const curStart = startOf(cur.day);
    const done: number[] = [];
    const r = new Roll();
    const days: VendorBar[] = completedDays.map((b) => ({ ...b, t: startOf(b.day) }));
    if (liveDay) days.push({ ...liveDay, t: curStart });
    for (const b of days) {
      if (r.start !== b.t && !Number.isNaN(r.start)) r.write(done);
      r.add(b.t, b);
    }
    if (!Number.isNaN(r.start) && r.start < curStart) r.write(done);
    if (done.length > 0) target.bars(sym, tf, Float64Array.from(done), done.length / FIELDS);
    if (r.start === curStart) target.forming(sym, tf, rollPacked(r));
  }

  // Intraday timeframes on the engine's grid; a bar is complete once its end has passed.
  for (const [tf, minutes] of INTRADAY) {
    const len = minutes * MINUTE;
    const done: number[] = [];
    const r = new Roll();
    let end = Number.NaN;
    for (let j = 0; j < intraday.length; j++) {
      const b = intraday[j] as VendorBar;
      const s = sessionOf[j];
      if (!s || b.t < s.start || b.t >= s.end) continue;
      const k = Math.floor((b.t - s.open) / len);
      const start = Math.max(s.start, s.open + k * len);
      if (start !== r.start && !Number.isNaN(r.start)) r.write(done);
      r.add(start, b);
      end = Math.min(s.end, s.open + (k + 1) * len);
    }
    const forming = !Number.isNaN(r.start) && end > now;
    if (!Number.isNaN(r.start) && !forming) r.write(done);
    if (done.length > 0) target.bars(sym, tf, Float64Array.from(done), done.length / FIELDS);
    if (forming) target.forming(sym, tf, rollPacked(r));
  }

  // Volume profile: mean volume per slot over the completed sessions with 15-minute bars.
  const slots = new Float64Array(SLOTS);
  const sessions = new Set<number>();
  for (let k = 0; k < intraday.length; k++) {
    const b = intraday[k] as VendorBar;
    const s = sessionOf[k];
    if (!s || (current.live && s.day === cur.day) || b.t < s.start || b.t >= s.end) continue;
    sessions.add(s.day);
    const i = Math.floor((b.t - s.start) / SLOT);
    slots[i] = (slots[i] as number) + b.v;
  }
  if (sessions.size > 0) {
    for (let i = 0; i < SLOTS; i++) slots[i] = (slots[i] as number) / sessions.size;
    target.profile(sym, slots, sessions.size);
  }
}

function packed(b: VendorBar, start: number): Float64Array {
  return Float64Array.of(start, b.o, b.h, b.l, b.c, b.v, moneyOf(b));
}

function rollPacked(r: Roll): Float64Array {
  return Float64Array.of(r.start, r.o, r.h, r.l, r.c, r.v, r.value);
}

/**
 * The engine's history from vendor bars at `now`. The derived figures are computed up front (the
 * reference goes to the engine before the history); the bars are written when the engine asks.
 */
export function buildHistory(bySymbol: ReadonlyMap<string, SymbolHistory>, now: number): BuiltHistory {
  const current = currentSession(now);
  const derived = new Map<string, { prevClose: number; avgVolume: number }>();
  for (const [sym, h] of bySymbol) derived.set(sym, derive(h, current));
  return {
    derived,
    source: {
      replay(target) {
        for (const [sym, h] of bySymbol) buildSymbol(sym, h, now, current, target);
      },
    },
  };
}

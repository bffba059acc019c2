import { CHAT_RELATIVE_TIME_MS, chatMessages } from '@tapeline/core';

// Chat times read in the viewer's own time zone: a conversation is personal, unlike market
// events (which the stream and news show in New York time). The zone is a parameter so tests
// and the widget agree on one; the widget passes the browser's.

/** The browser's time zone (e.g. 'Europe/Paris'). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const labelFormats = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) {
  let format = map.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    map.set(zone, format);
  }
  return format;
}

const partsOf = (format: Intl.DateTimeFormat, ms: number) => {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return parts;
};

/** The calendar day of `ms` in the zone, 'YYYY-MM-DD' (sorts as it reads). */
export function dayKey(ms: number, zone: string): string {
  const p = partsOf(cached(dayFormats, zone, { year: 'numeric', month: '2-digit', day: '2-digit' }), ms);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A date group's heading: 'Today', else e.g. 'Mon, Jan 5, 2026'. */
export function dayLabel(ms: number, nowMs: number, zone: string): string {
  if (dayKey(ms, zone) === dayKey(nowMs, zone)) return chatMessages.today;
  return cached(labelFormats, zone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(ms);
}

/**
 * hh:mm AM/PM, e.g. '09:05 PM'. Built from parts: ICU's own rendering puts a narrow no-break
 * space before the period on some engines and not others.
 */
export function clockTime(ms: number, zone: string): string {
  const p = partsOf(cached(clockFormats, zone, { hour: '2-digit', minute: '2-digit', hour12: true }), ms);
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
}

/** Under 10 minutes old: 'just now' then 'N min ago'; older: hh:mm AM/PM (spec §4). */
export function messageTime(ms: number, nowMs: number, zone: string): string {
  // A clock a little behind the server's makes a fresh message look future: it is just now.
  const age = Math.max(0, nowMs - ms);
  if (age >= CHAT_RELATIVE_TIME_MS) return clockTime(ms, zone);
  const minutes = Math.floor(age / 60_000);
  return minutes === 0 ? 'just now' : `${minutes} min ago`;
}

/** Whether any of these times still shows relative words, so the view needs a ticking clock. */
export function anyRelative(times: readonly number[], nowMs: number): boolean {
  return times.some((ms) => nowMs - ms < CHAT_RELATIVE_TIME_MS);
}

export interface DateGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** Items in time order, cut into calendar days, each headed 'Today' or its date. */
export function groupByDate<T>(
  items: readonly T[],
  timeOf: (item: T) => number,
  nowMs: number,
  zone: string,
): DateGroup<T>[] {
  const groups: DateGroup<T>[] = [];
  for (const item of items) {
    const ms = timeOf(item);
    const key = dayKey(ms, zone);
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(ms, nowMs, zone), items: [item] });
  }
  return groups;
}

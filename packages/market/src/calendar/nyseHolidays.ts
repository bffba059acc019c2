import { daysFromCivil, daysFromYmd, easterSunday, nthWeekday, weekday } from './civil.ts';

// NYSE holidays and early closes by rule (NYSE Rule 7.2 and its published calendars), so any
// year works without a table. Only closings that no rule predicts are listed by hand.

export const DayKind = { Closed: 0, Full: 1, Half: 2 } as const;
export type DayKind = (typeof DayKind)[keyof typeof DayKind];

/** Unscheduled closings (national days of mourning, storms). */
export const SPECIAL_CLOSINGS: readonly number[] = [
  20121029, // Hurricane Sandy
  20121030,
  20181205, // President George H. W. Bush
  20250109, // President Jimmy Carter
];

interface YearRules {
  readonly closed: Set<number>;
  readonly half: Set<number>;
}

const cache = new Map<number, YearRules>();

// A holiday on Saturday is observed on Friday, on Sunday on Monday.
function observed(day: number): number {
  const wd = weekday(day);
  if (wd === 6) return day - 1;
  if (wd === 0) return day + 1;
  return day;
}

function rulesFor(y: number): YearRules {
  const hit = cache.get(y);
  if (hit) return hit;
  const closed = new Set<number>();
  const half = new Set<number>();
  // New Year's Day on a Saturday is not observed on the Friday before (Rule 7.2).
  const ny = daysFromCivil(y, 1, 1);
  if (weekday(ny) !== 6) closed.add(observed(ny));
  closed.add(nthWeekday(y, 1, 1, 3)); // Martin Luther King Jr. Day
  closed.add(nthWeekday(y, 2, 1, 3)); // Washington's Birthday
  closed.add(easterSunday(y) - 2); // Good Friday
  closed.add(nthWeekday(y, 5, 1, -1)); // Memorial Day
  if (y >= 2022) closed.add(observed(daysFromCivil(y, 6, 19))); // Juneteenth
  const july4 = daysFromCivil(y, 7, 4);
  closed.add(observed(july4));
  closed.add(nthWeekday(y, 9, 1, 1)); // Labor Day
  const thanksgiving = nthWeekday(y, 11, 4, 4);
  closed.add(thanksgiving);
  const christmas = daysFromCivil(y, 12, 25);
  closed.add(observed(christmas));
  // Early closes at 13:00: the day before Independence Day when it is Monday–Thursday, the
  // day after Thanksgiving, and Christmas Eve when it is Monday–Thursday.
  const july3 = july4 - 1;
  if (weekday(july3) >= 1 && weekday(july3) <= 4) half.add(july3);
  half.add(thanksgiving + 1);
  const eve = christmas - 1;
  if (weekday(eve) >= 1 && weekday(eve) <= 4) half.add(eve);
  for (const ymd of SPECIAL_CLOSINGS) {
    if (Math.floor(ymd / 10000) === y) closed.add(daysFromYmd(ymd));
  }
  const rules = { closed, half };
  cache.set(y, rules);
  return rules;
}

/** Whether the exchange trades on a day (day number): closed, a full day, or a 13:00 half day. */
export function nyseDayKind(day: number, year: number): DayKind {
  const wd = weekday(day);
  if (wd === 0 || wd === 6) return DayKind.Closed;
  const rules = rulesFor(year);
  if (rules.closed.has(day)) return DayKind.Closed;
  return rules.half.has(day) ? DayKind.Half : DayKind.Full;
}

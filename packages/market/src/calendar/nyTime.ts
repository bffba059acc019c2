import { daysFromCivil, MS_PER_DAY, MS_PER_HOUR, nthWeekday } from './civil.ts';

// New York local time without Intl: US daylight saving (rules in force since 2007) begins on
// the second Sunday of March at 02:00 EST (07:00 UTC) and ends on the first Sunday of November
// at 02:00 EDT (06:00 UTC). The two instants are computed once per year and kept in typed
// arrays, so converting a timestamp costs two comparisons after the first call for its year.

const FIRST_YEAR = 1970;
const YEARS = 200;
const dstStart = new Float64Array(YEARS).fill(Number.NaN);
const dstEnd = new Float64Array(YEARS).fill(Number.NaN);

const EST = -5 * MS_PER_HOUR;
const EDT = -4 * MS_PER_HOUR;

function fillYear(i: number): void {
  const y = FIRST_YEAR + i;
  dstStart[i] = nthWeekday(y, 3, 0, 2) * MS_PER_DAY + 7 * MS_PER_HOUR;
  dstEnd[i] = nthWeekday(y, 11, 0, 1) * MS_PER_DAY + 6 * MS_PER_HOUR;
}

// Years start within a day of a UTC year boundary; the EST guess is safe because no DST
// transition lies near 1 January.
function yearIndex(ts: number): number {
  const approx = Math.floor((ts + EST) / (365.2425 * MS_PER_DAY));
  let i = approx;
  if (ts + EST < daysFromCivil(FIRST_YEAR + i, 1, 1) * MS_PER_DAY) i -= 1;
  else if (ts + EST >= daysFromCivil(FIRST_YEAR + i + 1, 1, 1) * MS_PER_DAY) i += 1;
  return i;
}

/** Offset of New York from UTC at instant ts, in ms (−4 h or −5 h). */
export function nyOffsetMs(ts: number): number {
  const i = yearIndex(ts);
  if (i < 0 || i >= YEARS) throw new RangeError(`timestamp outside supported years: ${ts}`);
  if (Number.isNaN(dstStart[i] as number)) fillYear(i);
  return ts >= (dstStart[i] as number) && ts < (dstEnd[i] as number) ? EDT : EST;
}

/** Milliseconds since 1970-01-01T00:00 New York wall clock, i.e. local time as if it were UTC. */
export function nyLocalMs(ts: number): number {
  return ts + nyOffsetMs(ts);
}

/** UTC instant of a New York wall-clock time on a given day (day number and minutes past midnight). */
export function nyWallToUtc(day: number, minuteOfDay: number): number {
  const local = day * MS_PER_DAY + minuteOfDay * 60_000;
  // Try daylight time first; market hours never fall in the 02:00–03:00 transition hour, where
  // a wall time is missing or doubled.
  const daylight = local - EDT;
  return nyOffsetMs(daylight) === EDT ? daylight : local - EST;
}

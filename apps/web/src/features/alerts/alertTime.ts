import { nyLocalMs } from '@tapeline/market';

// Alert times read in New York time, like the market clock (spec: market logic uses New York).

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The New York wall clock at `ms`, read through UTC getters; null outside the calendar's years. */
function nyWall(ms: number): Date | null {
  try {
    return new Date(nyLocalMs(ms));
  } catch {
    return null;
  }
}

const clock = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/**
 * The list's time column: hh:mm:ss (24 h) for alerts of today in New York, with MM/DD before it
 * for earlier days and MM/DD/YY for earlier years.
 */
export function formatAlertTime(dateMs: number, nowMs: number): string {
  const at = nyWall(dateMs);
  const now = nyWall(nowMs);
  if (!at || !now) return new Date(dateMs).toISOString();
  const sameYear = at.getUTCFullYear() === now.getUTCFullYear();
  const sameDay = sameYear && at.getUTCMonth() === now.getUTCMonth() && at.getUTCDate() === now.getUTCDate();
  if (sameDay) return clock(at);
  const day = `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}`;
  return sameYear ? `${day} ${clock(at)}` : `${day}/${pad(at.getUTCFullYear() % 100)} ${clock(at)}`;
}

/** The detail view's full timestamp: "Fri Nov 20, 2026 09:30:00 ET". */
export function formatAlertTimestamp(dateMs: number): string {
  const at = nyWall(dateMs);
  if (!at) return new Date(dateMs).toISOString();
  const weekday = WEEKDAYS[at.getUTCDay()];
  const month = MONTHS[at.getUTCMonth()];
  return `${weekday} ${month} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${clock(at)} ET`;
}

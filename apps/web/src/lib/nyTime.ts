import { nyLocalMs } from '@tapeline/market';

// Market times read in New York time, like the market clock (spec: market logic uses New York):
// the stream's halts, the alert history and the news. Chat keeps the viewer's zone (chatTime.ts).

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The New York wall clock at `ms`, read through UTC getters; null when it cannot be placed. */
function nyWall(ms: number): Date | null {
  if (!Number.isFinite(ms)) return null;
  try {
    return new Date(nyLocalMs(ms));
  } catch {
    return null;
  }
}

const hhmm = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const hhmmss = (d: Date) => `${hhmm(d)}:${pad(d.getUTCSeconds())}`;

/** New York hh:mm:ss (24 h) at `ms`, or null when it cannot be placed. */
export function nyClock(ms: number): string | null {
  const at = nyWall(ms);
  return at ? hhmmss(at) : null;
}

/**
 * A list's time: the clock alone for `ms` on the New York day of `nowMs`, with MM/DD before it
 * for earlier days and MM/DD/YY for earlier years; seconds shown or not. Null when it cannot be
 * placed.
 */
export function nyListTime(ms: number, nowMs: number, seconds: boolean): string | null {
  const at = nyWall(ms);
  const now = nyWall(nowMs);
  if (!at || !now) return null;
  const clock = seconds ? hhmmss(at) : hhmm(at);
  const sameYear = at.getUTCFullYear() === now.getUTCFullYear();
  const sameDay = sameYear && at.getUTCMonth() === now.getUTCMonth() && at.getUTCDate() === now.getUTCDate();
  if (sameDay) return clock;
  const day = `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}`;
  return sameYear ? `${day} ${clock}` : `${day}/${pad(at.getUTCFullYear() % 100)} ${clock}`;
}

/** A detail view's full timestamp: "Fri Nov 20, 2026 09:30:00 ET"; null when it cannot be placed. */
export function nyTimestamp(ms: number): string | null {
  const at = nyWall(ms);
  if (!at) return null;
  return `${WEEKDAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${hhmmss(at)} ET`;
}

/** The New York date at `ms` as YYYY-MM-DD (the recorded sessions' key); null when it cannot be placed. */
export function nyDate(ms: number): string | null {
  const at = nyWall(ms);
  return at ? `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}` : null;
}

import { nyLocalMs } from '@tapeline/market';

// News times read in New York time, as the market clock and the alert history do.

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

/** A row's time: hh:mm today in New York, MM/DD hh:mm earlier this year, MM/DD/YY before. */
export function formatNewsTime(publishedAt: string, nowMs: number): string {
  const at = nyWall(Date.parse(publishedAt));
  const now = nyWall(nowMs);
  if (!at || !now) return publishedAt;
  const clock = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  const sameYear = at.getUTCFullYear() === now.getUTCFullYear();
  const sameDay = sameYear && at.getUTCMonth() === now.getUTCMonth() && at.getUTCDate() === now.getUTCDate();
  if (sameDay) return clock;
  const day = `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}`;
  return sameYear ? `${day} ${clock}` : `${day}/${pad(at.getUTCFullYear() % 100)} ${clock}`;
}

/** The detail's published-at: "Fri Nov 20, 2026 09:31:05 ET". */
export function formatNewsTimestamp(publishedAt: string): string {
  const at = nyWall(Date.parse(publishedAt));
  if (!at) return publishedAt;
  const clock = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
  return `${WEEKDAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${clock} ET`;
}

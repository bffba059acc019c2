// Vendor dates: RFC 3339 (Atom, JSON APIs) and RFC 822 (RSS pubDate). An unparseable date is the
// time received, and one more than 5 minutes ahead is now: a feed's wrong clock must not pin an
// item to the top of every list (docs/quotes-news.md §3 "Sources").

export const FUTURE_TOLERANCE_MS = 5 * 60_000;

const RFC3339 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
// "Fri, 20 Nov 2026 13:05:00 GMT", weekday optional, seconds optional, zone a name or ±hhmm.
const RFC822 =
  /^(?:[A-Za-z]{3},\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{2,4}\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[A-Za-z]{1,5}|[+-]\d{4})$/;

export function parseNewsDate(text: string | null | undefined, now: number): number {
  const s = (text ?? '').trim();
  let ms = Number.NaN;
  if (RFC3339.test(s) || RFC822.test(s)) ms = Date.parse(s);
  if (!Number.isFinite(ms) || ms < 0) return now;
  if (ms > now + FUTURE_TOLERANCE_MS) return now;
  return Math.floor(ms);
}

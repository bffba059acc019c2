import { nyListTime, nyTimestamp } from '../../lib/nyTime.ts';

// News times read in New York time, as the market clock and the alert history do.

/** A row's time: hh:mm today in New York, MM/DD hh:mm earlier this year, MM/DD/YY before. */
export function formatNewsTime(publishedAt: string, nowMs: number): string {
  return nyListTime(Date.parse(publishedAt), nowMs, false) ?? publishedAt;
}

/** The detail's published-at: "Fri Nov 20, 2026 09:31:05 ET". */
export function formatNewsTimestamp(publishedAt: string): string {
  return nyTimestamp(Date.parse(publishedAt)) ?? publishedAt;
}

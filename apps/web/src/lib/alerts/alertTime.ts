import { nyListTime, nyTimestamp } from '../nyTime.ts';

// Alert times read in New York time, like the market clock (spec: market logic uses New York).

/**
 * The list's time column: hh:mm:ss (24 h) for alerts of today in New York, with MM/DD before it
 * for earlier days and MM/DD/YY for earlier years.
 */
export function formatAlertTime(dateMs: number, nowMs: number): string {
  return nyListTime(dateMs, nowMs, true) ?? new Date(dateMs).toISOString();
}

/** The detail view's full timestamp: "Fri Nov 20, 2026 09:30:00 ET". */
export function formatAlertTimestamp(dateMs: number): string {
  return nyTimestamp(dateMs) ?? new Date(dateMs).toISOString();
}

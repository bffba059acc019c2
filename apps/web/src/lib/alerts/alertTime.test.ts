import { describe, expect, it } from 'vitest';
import { formatAlertTime, formatAlertTimestamp } from './alertTime.ts';

// Friday 20 November 2026, 09:30:05 in New York (EST, UTC−5).
const OPEN = Date.UTC(2026, 10, 20, 14, 30, 5);
const HOUR = 3_600_000;

describe('formatAlertTime', () => {
  it('shows only the New York time for an alert of today', () => {
    expect(formatAlertTime(OPEN, OPEN + HOUR)).toBe('09:30:05');
  });

  it('counts "today" in New York, not UTC', () => {
    // 18:00 New York is 23:00 UTC; at 21:00 New York UTC has moved on to the 21st.
    const evening = Date.UTC(2026, 10, 20, 23, 0, 0);
    expect(formatAlertTime(evening, Date.UTC(2026, 10, 21, 2, 0, 0))).toBe('18:00:00');
    // 23:59:59 New York and midnight a second later are both the 21st in UTC, yet two days here.
    const lastSecond = Date.UTC(2026, 10, 21, 4, 59, 59);
    expect(formatAlertTime(lastSecond, Date.UTC(2026, 10, 21, 5, 0, 0))).toBe('11/20 23:59:59');
  });

  it('follows daylight saving time (UTC−4 in summer)', () => {
    const summer = Date.UTC(2026, 6, 1, 13, 30, 0);
    expect(formatAlertTime(summer, summer)).toBe('09:30:00');
  });

  it('adds the date for earlier days and the year for earlier years', () => {
    expect(formatAlertTime(OPEN - 24 * HOUR, OPEN)).toBe('11/19 09:30:05');
    expect(formatAlertTime(Date.UTC(2025, 11, 31, 20, 0, 0), OPEN)).toBe('12/31/25 15:00:00');
  });
});

describe('formatAlertTimestamp', () => {
  it('spells out the New York date and time', () => {
    expect(formatAlertTimestamp(OPEN)).toBe('Fri Nov 20, 2026 09:30:05 ET');
  });
});

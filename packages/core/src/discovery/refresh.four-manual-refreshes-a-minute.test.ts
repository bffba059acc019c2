import { describe, expect, it } from 'vitest';
import { manualRefreshAllowed, recordManualRefresh } from './refresh.ts';

describe('manual refresh throttle (discovery spec §4)', () => {
  it('allows a manual refresh only while fewer than 4 happened in the last 60 s', () => {
    let history: number[] = [];
    const t0 = 1_000_000;
    for (const t of [t0, t0 + 1_000, t0 + 2_000, t0 + 3_000]) {
      expect(manualRefreshAllowed(history, t)).toBe(true);
      history = recordManualRefresh(history, t);
    }
    expect(manualRefreshAllowed(history, t0 + 4_000)).toBe(false);
    expect(manualRefreshAllowed(history, t0 + 59_999)).toBe(false);
    // The first one leaves the window 60 s after it happened.
    expect(manualRefreshAllowed(history, t0 + 60_000)).toBe(true);
  });

  it('recording drops refreshes older than the window', () => {
    expect(recordManualRefresh([0, 10_000, 70_000], 75_000)).toEqual([70_000, 75_000]);
  });
});

import { describe, expect, it } from 'vitest';
import { latestSession, nextSession, phaseAt, sessionAt } from './session.ts';

// Monday 24 Nov 2025 is in EST (UTC−5); Thursday 3 Jul 2025 is an EDT half day.
const nov = (h: number, m = 0) => Date.UTC(2025, 10, 24, h + 5, m);

describe('session phases', () => {
  it('walks closed → pre → regular → post → closed through a full day', () => {
    expect(phaseAt(nov(3, 59))).toBe('closed');
    expect(phaseAt(nov(4))).toBe('pre');
    expect(phaseAt(nov(9, 29))).toBe('pre');
    expect(phaseAt(nov(9, 30))).toBe('regular');
    expect(phaseAt(nov(15, 59))).toBe('regular');
    expect(phaseAt(nov(16))).toBe('post');
    expect(phaseAt(nov(19, 59))).toBe('post');
    expect(phaseAt(nov(20))).toBe('closed');
  });

  it('closes the regular session at 13:00 and after-hours at 17:00 on a half day', () => {
    const s = sessionAt(Date.UTC(2025, 6, 3, 14));
    expect(s?.half).toBe(true);
    expect(s?.close).toBe(Date.UTC(2025, 6, 3, 17));
    expect(s?.end).toBe(Date.UTC(2025, 6, 3, 21));
    expect(phaseAt(Date.UTC(2025, 6, 3, 17))).toBe('post');
    expect(phaseAt(Date.UTC(2025, 6, 3, 21))).toBe('closed');
  });

  it('is closed all day on Thanksgiving and on a Saturday', () => {
    expect(sessionAt(Date.UTC(2025, 10, 27, 15))).toBeNull();
    expect(phaseAt(Date.UTC(2025, 10, 22, 15))).toBe('closed');
  });

  it('keeps Friday as the latest session through the weekend, and opens Monday at 04:00', () => {
    const sat = Date.UTC(2025, 10, 22, 18);
    expect(latestSession(sat).date).toBe(20251121);
    expect(nextSession(sat).date).toBe(20251124);
    expect(nextSession(sat).start).toBe(nov(4));
  });

  it('resets at 04:00: 03:59 still belongs to the previous trading day', () => {
    expect(latestSession(nov(3, 59)).date).toBe(20251121);
    expect(latestSession(nov(4)).date).toBe(20251124);
  });
});

import { describe, expect, it } from 'vitest';
import { formatCountdown, marketClock } from './marketClock.ts';

// New York is UTC−5 in late November.
const ny = (iso: string) => Date.parse(`${iso}-05:00`);

describe('market clock (New York time)', () => {
  it('is open from 04:00 to 20:00 on a trading day', () => {
    expect(marketClock(ny('2026-11-23T04:00:00')).open).toBe(true);
    expect(marketClock(ny('2026-11-23T10:00:00')).open).toBe(true);
    expect(marketClock(ny('2026-11-23T19:59:59')).open).toBe(true);
  });

  it('counts down to 04:00 the next trading day after 20:00', () => {
    const clock = marketClock(ny('2026-11-23T21:00:00'));
    expect(clock.open).toBe(false);
    expect(formatCountdown(clock.opensInMs)).toBe('07:00:00');
  });

  it('stays closed over the weekend and on Thanksgiving', () => {
    const saturday = marketClock(ny('2026-11-28T12:00:00'));
    expect(saturday.open).toBe(false);
    expect(formatCountdown(saturday.opensInMs)).toBe('40:00:00');
    const thanksgiving = marketClock(ny('2026-11-26T10:00:00'));
    expect(thanksgiving.open).toBe(false);
    expect(formatCountdown(thanksgiving.opensInMs)).toBe('18:00:00');
  });

  it('formats hh:mm:ss', () => {
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(0)).toBe('00:00:00');
  });
});

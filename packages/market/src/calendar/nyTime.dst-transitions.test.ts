import { describe, expect, it } from 'vitest';
import { nyLocalMs, nyOffsetMs, nyWallToUtc } from './nyTime.ts';

const H = 3_600_000;

// Intl is the independent reference here; the code under test never uses it.
const fmt = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function intlOffset(ts: number): number {
  const parts = fmt.formatToParts(ts);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return wall - Math.floor(ts / 60_000) * 60_000;
}

describe('New York offset across DST transitions', () => {
  it('switches to EDT at 07:00 UTC on the second Sunday of March 2025', () => {
    const t = Date.UTC(2025, 2, 9, 7);
    expect(nyOffsetMs(t - 1)).toBe(-5 * H);
    expect(nyOffsetMs(t)).toBe(-4 * H);
  });

  it('switches back to EST at 06:00 UTC on the first Sunday of November 2026', () => {
    const t = Date.UTC(2026, 10, 1, 6);
    expect(nyOffsetMs(t - 1)).toBe(-4 * H);
    expect(nyOffsetMs(t)).toBe(-5 * H);
  });

  it('agrees with Intl every 61 minutes through 2024–2028', () => {
    const from = Date.UTC(2024, 0, 1);
    const to = Date.UTC(2028, 11, 31);
    for (let t = from; t < to; t += 61 * 60_000 * 7) expect(nyOffsetMs(t)).toBe(intlOffset(t));
  });

  it('agrees with Intl at year boundaries', () => {
    for (let y = 2020; y <= 2030; y++) {
      for (const t of [
        Date.UTC(y, 0, 1, 0),
        Date.UTC(y, 0, 1, 4, 59),
        Date.UTC(y, 0, 1, 5),
        Date.UTC(y, 11, 31, 23),
      ]) {
        expect(nyOffsetMs(t)).toBe(intlOffset(t));
      }
    }
  });

  it('converts wall clock 09:30 to UTC in summer and winter', () => {
    const july = Math.floor(Date.UTC(2025, 6, 1) / 86_400_000);
    const jan = Math.floor(Date.UTC(2026, 0, 5) / 86_400_000);
    expect(nyWallToUtc(july, 570)).toBe(Date.UTC(2025, 6, 1, 13, 30));
    expect(nyWallToUtc(jan, 570)).toBe(Date.UTC(2026, 0, 5, 14, 30));
    expect(nyLocalMs(Date.UTC(2026, 0, 5, 14, 30))).toBe(Date.UTC(2026, 0, 5, 9, 30));
  });
});

import { describe, expect, it } from 'vitest';
import { sessionAt } from './calendar/session.ts';
import { barFirstSlot, fillBarStarts, slotIndex } from './timeframes.ts';

// Monday 24 Nov 2025, EST: New York hh:mm is UTC hh+5.
const ny = (h: number, m = 0) => Date.UTC(2025, 10, 24, h + 5, m);

function starts(ts: number): { starts: number[]; slotEnd: number } {
  const s = sessionAt(ts);
  if (!s) throw new Error('closed');
  const out = new Float64Array(8);
  const slotEnd = fillBarStarts(s, ts, out);
  return { starts: [...out], slotEnd };
}

describe('bar alignment anchored at 09:30', () => {
  it('puts 10:14 into the 10:00, 10:00, 09:30, 09:30, 09:30 intraday bars', () => {
    const { starts: b, slotEnd } = starts(ny(10, 14));
    expect(b.slice(0, 5)).toEqual([ny(10), ny(10), ny(9, 30), ny(9, 30), ny(9, 30)]);
    expect(slotEnd).toBe(ny(10, 15));
  });

  it('clips the first pre-market bars at 04:00', () => {
    const { starts: b } = starts(ny(4, 10));
    expect(b.slice(0, 5)).toEqual([ny(4), ny(4), ny(4), ny(4), ny(4)]);
    const { starts: c } = starts(ny(4, 40));
    expect(c.slice(0, 5)).toEqual([ny(4, 30), ny(4, 30), ny(4, 30), ny(4), ny(4)]);
    const { starts: d } = starts(ny(5, 40));
    expect(d.slice(2, 5)).toEqual([ny(5, 30), ny(5, 30), ny(5, 30)]);
  });

  it('starts the day bar at 04:00, the week on Monday 04:00 and the month on the 1st 04:00', () => {
    const { starts: b } = starts(ny(15));
    expect(b[5]).toBe(ny(4));
    expect(b[6]).toBe(ny(4));
    expect(b[7]).toBe(Date.UTC(2025, 10, 1, 4 + 4)); // 1 Nov 2025 was still EDT
  });

  it('gives the 4hr bar of 14:00 the 13:30 start and slot numbers from 04:00', () => {
    const s = sessionAt(ny(14));
    if (!s) throw new Error('closed');
    expect(starts(ny(14)).starts[4]).toBe(ny(13, 30));
    expect(slotIndex(s, ny(14))).toBe(40);
    expect(barFirstSlot(s, 4, 40)).toBe(38);
    expect(barFirstSlot(s, 2, 0)).toBe(0);
    expect(barFirstSlot(s, 2, 3)).toBe(2);
  });
});

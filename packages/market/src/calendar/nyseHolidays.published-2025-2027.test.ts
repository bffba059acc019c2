import { describe, expect, it } from 'vitest';
import { daysFromYmd, ymdFromDays } from './civil.ts';
import { DayKind, nyseDayKind } from './nyseHolidays.ts';

// The NYSE's published holiday and early-close calendars.
const CLOSED: Record<number, number[]> = {
  2025: [
    20250101, 20250109, 20250120, 20250217, 20250418, 20250526, 20250619, 20250704, 20250901, 20251127,
    20251225,
  ],
  2026: [20260101, 20260119, 20260216, 20260403, 20260525, 20260619, 20260703, 20260907, 20261126, 20261225],
  2027: [20270101, 20270118, 20270215, 20270326, 20270531, 20270618, 20270705, 20270906, 20271125, 20271224],
};
const HALF: Record<number, number[]> = {
  2025: [20250703, 20251128, 20251224],
  2026: [20261127, 20261224],
  2027: [20271126],
};

function listYear(y: number, kind: DayKind): number[] {
  const out: number[] = [];
  for (let d = daysFromYmd(y * 10000 + 101); d < daysFromYmd((y + 1) * 10000 + 101); d++) {
    const wd = (((d + 4) % 7) + 7) % 7;
    if (wd === 0 || wd === 6) continue;
    if (nyseDayKind(d, y) === kind) out.push(ymdFromDays(d));
  }
  return out;
}

describe('NYSE holidays and half days, 2025–2027', () => {
  for (const y of [2025, 2026, 2027]) {
    it(`closes on exactly the published weekdays of ${y}`, () => {
      expect(listYear(y, DayKind.Closed)).toEqual(CLOSED[y]);
    });
    it(`closes early on exactly the published days of ${y}`, () => {
      expect(listYear(y, DayKind.Half)).toEqual(HALF[y]);
    });
  }

  it('does not observe a Saturday New Year on the Friday before (31 Dec 2021 traded)', () => {
    expect(nyseDayKind(daysFromYmd(20211231), 2021)).toBe(DayKind.Full);
    expect(nyseDayKind(daysFromYmd(20221226), 2022)).toBe(DayKind.Closed);
  });

  it('treats weekends as closed', () => {
    expect(nyseDayKind(daysFromYmd(20251122), 2025)).toBe(DayKind.Closed);
  });
});

import { describe, expect, it } from 'vitest';
import { anyRelative, clockTime, dayKey, dayLabel, groupByDate, messageTime } from './chatTime.ts';

const NY = 'America/New_York';
const UTC = 'UTC';
// Tuesday 6 January 2026, 15:30 UTC = 10:30 AM in New York.
const NOW = Date.UTC(2026, 0, 6, 15, 30);
const MIN = 60_000;

describe('chat times', () => {
  it('a message under a minute old (or a little in the future) is just now', () => {
    expect(messageTime(NOW - 59_000, NOW, NY)).toBe('just now');
    expect(messageTime(NOW + 3_000, NOW, NY)).toBe('just now');
  });

  it('under ten minutes reads in whole minutes', () => {
    expect(messageTime(NOW - MIN, NOW, NY)).toBe('1 min ago');
    expect(messageTime(NOW - 9 * MIN - 59_000, NOW, NY)).toBe('9 min ago');
  });

  it('from ten minutes on it is the hh:mm AM/PM clock of the zone', () => {
    expect(messageTime(NOW - 10 * MIN, NOW, NY)).toBe('10:20 AM');
    expect(messageTime(NOW - 10 * MIN, NOW, UTC)).toBe('03:20 PM');
    expect(clockTime(Date.UTC(2026, 0, 6, 0, 5), UTC)).toBe('12:05 AM');
    expect(clockTime(Date.UTC(2026, 0, 6, 12, 0), UTC)).toBe('12:00 PM');
  });

  it('the day is the zone’s calendar day: 1 AM UTC is still yesterday in New York', () => {
    const lateEvening = Date.UTC(2026, 0, 6, 1, 0);
    expect(dayKey(lateEvening, UTC)).toBe('2026-01-06');
    expect(dayKey(lateEvening, NY)).toBe('2026-01-05');
    expect(dayLabel(lateEvening, NOW, UTC)).toBe('Today');
    expect(dayLabel(lateEvening, NOW, NY)).toBe('Mon, Jan 5, 2026');
  });

  it('groups consecutive messages by day, headed Today or their date', () => {
    const times = [Date.UTC(2025, 11, 31, 20), Date.UTC(2026, 0, 5, 16), Date.UTC(2026, 0, 5, 17), NOW - MIN];
    const groups = groupByDate(times, (t) => t, NOW, NY);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['Wed, Dec 31, 2025', 1],
      ['Mon, Jan 5, 2026', 2],
      ['Today', 1],
    ]);
  });

  it('the view needs a ticking clock only while a time is still relative', () => {
    expect(anyRelative([NOW - 11 * MIN, NOW - 2 * MIN], NOW)).toBe(true);
    expect(anyRelative([NOW - 11 * MIN], NOW)).toBe(false);
    expect(anyRelative([], NOW)).toBe(false);
  });
});

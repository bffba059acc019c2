import { describe, expect, it } from 'vitest';
import { nyLocalMs } from '../calendar/nyTime.ts';
import { sessionAt } from '../calendar/session.ts';
import { fillBarStarts, TF_COUNT, TF_DAY, TF_INDEX, TIMEFRAMES, type Timeframe } from '../timeframes.ts';
import { openingBell } from './clock.ts';
import { HISTORY_BARS } from './history.ts';
import { historyGrid } from './historyGrid.ts';

// The seeded bars sit on the engine's own grid: a print at a bar's start would land in that
// very bar, so the first live print of the session continues the history instead of
// splitting or duplicating a bar.

/** New York wall time of ts as 'yyyy-mm-dd hh:mm'. */
const ny = (ts: number) => new Date(nyLocalMs(ts)).toISOString().slice(0, 16).replace('T', ' ');

const starts = (startTs: number, tf: Timeframe) => [
  ...(historyGrid(startTs, HISTORY_BARS).tfs[TF_INDEX[tf]]?.starts ?? []),
];

describe('seeded history on the New York bar grid', () => {
  it('ends before Monday 30 November 2026 with the half day of the 27th and skips Thanksgiving', () => {
    const mon = openingBell(Date.UTC(2026, 10, 30, 12));
    expect(ny(historyGrid(mon, HISTORY_BARS).first.start)).toBe('2026-11-30 04:00');
    expect(starts(mon, '15min').slice(-2).map(ny)).toEqual(['2026-11-27 16:30', '2026-11-27 16:45']);
    // After-hours on a half day ends at 17:00: Friday has no 17:30 bar.
    expect(starts(mon, '4hr').slice(-5).map(ny)).toEqual([
      '2026-11-25 17:30',
      '2026-11-27 04:00',
      '2026-11-27 05:30',
      '2026-11-27 09:30',
      '2026-11-27 13:30',
    ]);
    expect(starts(mon, '1day').slice(-3).map(ny)).toEqual([
      '2026-11-24 04:00',
      '2026-11-25 04:00',
      '2026-11-27 04:00',
    ]);
    expect(starts(mon, '1wk').slice(-2).map(ny)).toEqual(['2026-11-16 04:00', '2026-11-23 04:00']);
    expect(starts(mon, '1mo').slice(-2).map(ny)).toEqual(['2026-09-01 04:00', '2026-10-01 04:00']);
  });

  it('puts every intraday and daily start where the engine would start a bar for a print at that instant', () => {
    for (const day of [Date.UTC(2026, 10, 25, 12), Date.UTC(2026, 2, 9, 12), Date.UTC(2026, 10, 30, 12)]) {
      const grid = historyGrid(openingBell(day), HISTORY_BARS);
      const out = new Float64Array(TF_COUNT);
      const wrong: string[] = [];
      for (let tf = 0; tf <= TF_DAY; tf++) {
        for (const start of grid.tfs[tf]?.starts ?? []) {
          const s = sessionAt(start);
          if (!s) {
            wrong.push(`${TIMEFRAMES[tf]} ${ny(start)} outside a session`);
            continue;
          }
          fillBarStarts(s, start, out);
          if (out[tf] !== start) wrong.push(`${TIMEFRAMES[tf]} ${ny(start)}`);
        }
      }
      expect(wrong).toEqual([]);
    }
  });

  it('keeps every timeframe’s starts increasing and before the first session, across the March DST change', () => {
    // Monday 9 March 2026: clocks went forward on Sunday the 8th.
    const mon = openingBell(Date.UTC(2026, 2, 9, 12));
    const grid = historyGrid(mon, HISTORY_BARS);
    for (const g of grid.tfs) {
      const list = [...g.starts];
      expect(list).toHaveLength(HISTORY_BARS);
      expect(list.every((t, k) => k === 0 || t > (list[k - 1] as number))).toBe(true);
      expect(list[list.length - 1]).toBeLessThan(grid.first.start);
    }
    // Friday 6 March was EST (UTC−5); the last daily bar starts at 09:00 UTC.
    expect(grid.tfs[TF_DAY]?.starts[HISTORY_BARS - 1]).toBe(Date.UTC(2026, 2, 6, 9));
    expect(ny(grid.first.start)).toBe('2026-03-09 04:00');
    expect(grid.first.start).toBe(Date.UTC(2026, 2, 9, 8));
  });
});

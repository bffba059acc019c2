import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { seedBars } from '../engine/seed.ts';
import { testClock } from '../engine/testClock.ts';
import { atrOf, IND_STRIDE } from '../indicators/barState.ts';
import { atrSeries } from '../indicators/series.ts';
import { TF_COUNT, TF_INDEX } from '../timeframes.ts';

// Monday 24 Nov 2025 (EST).
const ny = (h: number, m = 0, s = 0) => Date.UTC(2025, 10, 24, h + 5, m, s);

function engine(barHistory = 12) {
  return new MarketEngine({ clock: testClock(ny(12)), barHistory });
}

describe('bars per timeframe', () => {
  it('rolls 15min and 1hr bars on the 09:30-anchored grid', () => {
    const e = engine();
    const prints: [number, number, number][] = [
      [10, 100, ny(9, 31)],
      [10.4, 50, ny(9, 44)],
      [10.2, 70, ny(9, 46)],
      [9.8, 10, ny(10, 29)],
      [10.1, 30, ny(10, 31)],
    ];
    for (const [price, size, ts] of prints) e.ingest({ sym: 'ABC', price, size, ts });
    const id = e.idOf('ABC');
    const q = e.bars.bars(id, TF_INDEX['15min']);
    expect(q.map((b) => [b.start, b.open, b.high, b.low, b.close, b.volume])).toEqual([
      [ny(9, 30), 10, 10.4, 10, 10.4, 150],
      [ny(9, 45), 10.2, 10.2, 10.2, 10.2, 70],
      [ny(10, 15), 9.8, 9.8, 9.8, 9.8, 10],
    ]);
    expect(q[0]?.value).toBeCloseTo(10 * 100 + 10.4 * 50, 9);
    const h = e.bars.bars(id, TF_INDEX['1hr']);
    expect(h.map((b) => [b.start, b.open, b.high, b.low, b.close, b.volume])).toEqual([
      [ny(9, 30), 10, 10.4, 9.8, 9.8, 230],
    ]);
    // The forming bars hold the 10:31 print.
    expect(e.bars.fStart[id * TF_COUNT + TF_INDEX['15min']]).toBe(ny(10, 30));
    expect(e.bars.fStart[id * TF_COUNT + TF_INDEX['1hr']]).toBe(ny(10, 30));
    expect(e.bars.fStart[id * TF_COUNT + TF_INDEX['1day']]).toBe(ny(4));
    expect(e.bars.fVolume[id * TF_COUNT + TF_INDEX['1day']]).toBe(260);
  });

  it('keeps only the last barHistory completed bars', () => {
    const e = engine(3);
    for (let k = 0; k < 6; k++) e.ingest({ sym: 'ABC', price: 10 + k, size: 1, ts: ny(9, 30 + 15 * k) });
    const bars = e.bars.bars(e.idOf('ABC'), 0);
    expect(bars.map((b) => b.close)).toEqual([12, 13, 14]);
  });

  it('folds a late print from an earlier bar into the forming bar', () => {
    const e = engine();
    e.ingest({ sym: 'ABC', price: 10, size: 1, ts: ny(9, 46) });
    e.ingest({ sym: 'ABC', price: 11, size: 2, ts: ny(9, 40) });
    const id = e.idOf('ABC');
    expect(e.bars.bars(id, 0)).toEqual([]);
    expect(e.bars.fVolume[id * TF_COUNT]).toBe(3);
    expect(e.day.last[id]).toBe(10);
    expect(e.day.high[id]).toBe(11);
  });

  it('seeds daily history, skips bars it already has, and the indicators follow', () => {
    const e = engine(40);
    const day = 86_400_000;
    const bars = Array.from({ length: 30 }, (_, k) => ({
      start: ny(4) - (30 - k) * day,
      open: 20 + k,
      high: 21 + k + (k % 3),
      low: 19 + k - (k % 2),
      close: 20.5 + k,
      volume: 1000 * (k + 1),
    }));
    expect(seedBars(e, 'ABC', '1day', bars)).toBe(30);
    expect(seedBars(e, 'ABC', '1day', bars)).toBe(0);
    const id = e.idOf('ABC');
    const o = (id * TF_COUNT + TF_INDEX['1day']) * IND_STRIDE;
    expect(atrOf(e.bars.ind, o)).toBe(atrSeries(bars, 14)[29]);
    expect(e.bars.bars(id, TF_INDEX['1day'])).toHaveLength(30);
  });

  it('a print from the next trading day resets the day and completes the daily bar', () => {
    const e = engine();
    e.ingest({ sym: 'ABC', price: 10, size: 5, ts: ny(10) });
    e.ingest({ sym: 'ABC', price: 12, size: 5, ts: ny(19, 59) });
    const tue = Date.UTC(2025, 10, 25, 9, 1); // 04:01 ET
    e.ingest({ sym: 'ABC', price: 11, size: 1, ts: tue });
    const id = e.idOf('ABC');
    expect(e.session.date).toBe(20251125);
    expect([e.day.open[id], e.day.volume[id], e.day.highCount[id]]).toEqual([11, 1, 0]);
    expect(e.table.prevClose[id]).toBe(10); // the regular close, not the 19:59 print
    const daily = e.bars.bars(id, TF_INDEX['1day']);
    expect(daily.map((b) => [b.start, b.open, b.high, b.low, b.close, b.volume])).toEqual([
      [ny(4), 10, 12, 10, 12, 10],
    ]);
  });
});

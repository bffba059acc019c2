import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';
import { abcEngine, ny } from '../engine/testing/abcEngine.ts';
import { SPARK_STRIDE } from '../state/day.ts';
import { quoteOf } from './quote.ts';
import { sparkline } from './spark.ts';

// Friday 21 Nov, Saturday 22 Nov, Monday 24 Nov 2025 (`ny`'s day).
function engineAt(ts: number) {
  const { e, clock } = abcEngine(ts, 10);
  const trade = (price: number, ts: number) => e.ingest({ sym: 'ABC', price, size: 100, ts });
  return { e, clock, trade, id: e.idOf('ABC') };
}

describe('the sparkline: 5-minute slots from 04:00', () => {
  it('starts at the first slot with a print, carries gaps, and runs to the current slot', () => {
    const { e, clock, trade, id } = engineAt(ny(4, 10));
    trade(10.1, ny(4, 10, 5)); // slot 2 (04:10–04:15)
    trade(10.2, ny(4, 12)); // same slot: its last print wins
    trade(10.05, ny(4, 26)); // slot 5; slots 3 and 4 repeat 10.2
    clock.set(ny(4, 36)); // slot 7: 5, 6 and 7 repeat 10.05
    expect(sparkline(e, id)).toEqual([10.2, 10.2, 10.2, 10.05, 10.05, 10.05]);
  });

  it('the last point is the current slot last print so far, to 4 decimals', () => {
    const { e, clock, trade, id } = engineAt(ny(9, 31));
    trade(12.34567, ny(9, 31));
    clock.set(ny(9, 33));
    expect(sparkline(e, id)).toEqual([12.3457]);
    trade(12.1, ny(9, 34));
    expect(sparkline(e, id)).toEqual([12.1]);
  });

  it('a late print does not overwrite the newer slot close', () => {
    const { e, clock, trade, id } = engineAt(ny(10));
    trade(11, ny(10, 6));
    trade(9, ny(10, 1)); // late: counts for volume and extremes, not for the last price
    clock.set(ny(10, 7));
    expect(sparkline(e, id)).toEqual([11]);
  });

  it('after 20:00 it runs to 19:55; on a weekend it shows the last session whole day', () => {
    const { e, clock, trade, id } = engineAt(ny(19, 50, 0, 21));
    trade(10.5, ny(19, 50, 0, 21)); // slot 190
    clock.set(ny(21, 0, 0, 21));
    expect(sparkline(e, id)).toEqual([10.5, 10.5]);
    clock.set(ny(12, 0, 0, 22)); // Saturday noon
    e.drainBatch();
    expect(e.session.date).toBe(20251121);
    expect(sparkline(e, id)).toEqual([10.5, 10.5]);
  });

  it('is empty before the first print, and every slot of the column is NaN again at the next 04:00', () => {
    const { e, clock, trade, id } = engineAt(ny(15, 0, 0, 21));
    expect(sparkline(e, id)).toEqual([]);
    trade(10, ny(15, 0, 0, 21));
    trade(10.4, ny(19, 59, 59, 21)); // slot 191, the last one
    // The slot of the last print lives in `last`; the 15:00 slot (132) was stored when it ended.
    expect(e.day.sparkAt[id]).toBe(SPARK_STRIDE - 1);
    expect(e.day.spark[id * SPARK_STRIDE + 132]).toBe(10);
    clock.set(ny(4, 0, 0, 24)); // Monday 04:00
    e.drainBatch();
    expect(
      Array.from(e.day.spark.subarray(id * SPARK_STRIDE, (id + 1) * SPARK_STRIDE)).every(Number.isNaN),
    ).toBe(true);
    expect(e.day.sparkAt[id]).toBe(-1);
    expect(sparkline(e, id)).toEqual([]);
    trade(10.6, ny(4, 2, 0, 24));
    expect(sparkline(e, id)).toEqual([10.6]);
  });

  it('storing a print allocates nothing: the column stays the same array', () => {
    const { e, trade } = engineAt(ny(10));
    trade(10, ny(10));
    const col = e.day.spark;
    for (let i = 0; i < 100; i++) trade(10 + i / 100, ny(10, i % 60));
    expect(e.day.spark).toBe(col);
  });

  it('rides in snapshots and comes back on restore', () => {
    const { e, clock, trade, id } = engineAt(ny(10));
    trade(10.25, ny(10, 2));
    clock.set(ny(10, 12));
    const snap = e.snapshot();
    const fresh = new MarketEngine({ clock, capacity: 16 });
    expect(fresh.restore(snap)).toEqual({ ok: true, symbols: 1 });
    expect(sparkline(fresh, fresh.idOf('ABC'))).toEqual([10.25, 10.25, 10.25]);
    expect(sparkline(e, id)).toEqual([10.25, 10.25, 10.25]);
  });

  it('an older checkpoint (version 1) is not restored', () => {
    const { e } = engineAt(ny(10));
    const snap = { ...e.snapshot(), version: 1 };
    expect(new MarketEngine({ clock: testClock(ny(10)), capacity: 16 }).restore(snap)).toEqual({
      ok: false,
      reason: 'snapshot version 1',
    });
  });
});

describe('quoteOf: a quote card figures', () => {
  it('last, prior close, session high and low from 04:00, and sl only when asked', () => {
    const { e, clock, trade, id } = engineAt(ny(4, 1));
    expect(quoteOf(e, id, false)).toEqual({ s: 'ABC', last: 10, pc: 10, high: null, low: null });
    trade(9.5, ny(4, 1)); // pre-market low
    trade(11, ny(9, 45));
    trade(10.75, ny(9, 46));
    clock.set(ny(9, 46));
    expect(quoteOf(e, id, false)).toEqual({ s: 'ABC', last: 10.75, pc: 10, high: 11, low: 9.5 });
    expect(quoteOf(e, id, true).sl).toHaveLength(Math.floor((ny(9, 46) - ny(4)) / 300_000) + 1);
  });
});

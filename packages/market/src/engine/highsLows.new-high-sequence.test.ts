import { decodeStreamEntry } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { abcEngine, ny } from './testing/abcEngine.ts';

const engineAt = (ts: number) => abcEngine(ts, 98);

describe('highs and lows of day', () => {
  it('prints 100, 101, 101.5, 101.25, 102 give new highs 101, 101.5, 102 with counts 1, 2, 3', () => {
    const { e, clock } = engineAt(ny(9, 30));
    const seen: [number, number][] = [];
    [100, 101, 101.5, 101.25, 102].forEach((price, i) => {
      e.ingest({ sym: 'ABC', price, size: 100, ts: ny(9, 30, i) });
      clock.set(ny(9, 30, i));
      for (const h of e.drainBatch().highs.map(decodeStreamEntry)) seen.push([h.last, h.count]);
    });
    expect(seen).toEqual([
      [101, 1],
      [101.5, 2],
      [102, 3],
    ]);
  });

  it('does not treat the first print as an event and needs strictly beyond the extreme', () => {
    const { e } = engineAt(ny(9, 30));
    e.ingest({ sym: 'ABC', price: 100, size: 100, ts: ny(9, 30) });
    e.ingest({ sym: 'ABC', price: 100, size: 100, ts: ny(9, 31) });
    const b = e.drainBatch();
    expect(b.highs).toEqual([]);
    expect(b.lows).toEqual([]);
    const id = e.idOf('ABC');
    expect([e.day.open[id], e.day.high[id], e.day.low[id], e.day.highCount[id], e.day.lowCount[id]]).toEqual([
      100, 100, 100, 0, 0,
    ]);
  });

  it('reports new lows with their counts and the full entry shape (the spec array, as on the wire)', () => {
    const { e } = engineAt(ny(10));
    for (const [i, price] of [50, 49.5, 49.75, 49].entries()) {
      e.ingest({ sym: 'ABC', price, size: 200, ts: ny(10, 0, i) });
    }
    e.setNewsTime('ABC', ny(7));
    e.setNewsTime('ABC', ny(8), true);
    const b = e.drainBatch();
    // Coalesced within one batch: the latest low, its count and its time (the 4th print); news at
    // 08:00 (a filing), the story at 07:00.
    expect(b.lows).toEqual([
      [
        'ABC',
        49,
        2,
        1,
        1,
        800,
        'NASDAQ',
        12_000_000,
        ny(8),
        null,
        ((50 - 98) / 98) * 100,
        ny(7),
        ny(10, 0, 3),
        ny(10), // element 13 (protocol 6): published at the drain, on the engine's clock
      ],
    ]);
    expect(b.highs).toEqual([]);
  });

  it('marks a high inactive once the last print has fallen back below it', () => {
    const { e } = engineAt(ny(10));
    e.ingest({ sym: 'ABC', price: 10, size: 1, ts: ny(10) });
    e.ingest({ sym: 'ABC', price: 11, size: 1, ts: ny(10, 0, 1) });
    e.ingest({ sym: 'ABC', price: 10.5, size: 1, ts: ny(10, 0, 2) });
    const [h] = e.drainBatch().highs.map(decodeStreamEntry);
    expect(h).toMatchObject({ symbol: 'ABC', last: 11, count: 1, active: false });
  });

  it('orders a batch by event time and starts empty after a drain', () => {
    const { e } = engineAt(ny(10));
    for (const sym of ['AAA', 'BBB']) e.ingest({ sym, price: 5, size: 1, ts: ny(10) });
    e.ingest({ sym: 'BBB', price: 6, size: 1, ts: ny(10, 1) });
    e.ingest({ sym: 'AAA', price: 6, size: 1, ts: ny(10, 2) });
    expect(e.drainBatch().highs.map((h) => decodeStreamEntry(h).symbol)).toEqual(['BBB', 'AAA']);
    expect(e.drainBatch().highs).toEqual([]);
  });

  it('never lists a test symbol and refuses bad prints and prints outside 04:00–20:00', () => {
    const { e } = engineAt(ny(10));
    expect(e.ingest({ sym: 'ZVZZT', price: 10, size: 1, ts: ny(10) })).toBe(false);
    expect(e.ingest({ sym: 'ABC', price: Number.NaN, size: 1, ts: ny(10) })).toBe(false);
    expect(e.ingest({ sym: 'ABC', price: -1, size: 1, ts: ny(10) })).toBe(false);
    expect(e.ingest({ sym: 'ABC', price: 10, size: -5, ts: ny(10) })).toBe(false);
    expect(e.ingest({ sym: 'ABC', price: 10, size: 5, ts: ny(3, 59) })).toBe(false);
    expect(e.ingest({ sym: 'ABC', price: 10, size: 5, ts: ny(20) })).toBe(false);
    expect(e.idOf('ZVZZT')).toBe(-1);
    expect(e.stats).toEqual({ rejected: 4, ineligible: 0, outOfSession: 2, stale: 0 });
  });

  it('emits halts and resumes in order with reason codes, ignoring repeats', () => {
    const { e } = engineAt(ny(11));
    e.ingest({ sym: 'ABC', price: 20, size: 100, ts: ny(11) });
    expect(e.ingestStatus({ sym: 'ABC', halted: true, reason: 'LUDP', ts: ny(11, 1) })).toBe(true);
    expect(e.ingestStatus({ sym: 'ABC', halted: true, reason: 'LUDP', ts: ny(11, 2) })).toBe(false);
    e.ingestStatus({ sym: 'ABC', halted: false, reason: 'LUDP', ts: ny(11, 6) });
    const h = e.drainBatch().halts.map(decodeStreamEntry);
    expect(h).toMatchObject([
      { symbol: 'ABC', last: 20, count: 1, active: true, flag: 'LUDP' },
      { symbol: 'ABC', last: 20, count: 1, active: false, flag: 'LUDP' },
    ]);
  });

  it('resets highs, lows and counts at 04:00 of the next trading day, and carries the regular close as prior close', () => {
    const { e, clock } = engineAt(ny(15));
    e.ingest({ sym: 'ABC', price: 30, size: 1, ts: ny(15) });
    e.ingest({ sym: 'ABC', price: 31, size: 1, ts: ny(15, 59) });
    e.ingest({ sym: 'ABC', price: 33, size: 1, ts: ny(17) }); // after-hours
    e.drainBatch();
    clock.set(Date.UTC(2025, 10, 25, 9)); // Tuesday 04:00 ET
    e.drainBatch();
    const id = e.idOf('ABC');
    expect(e.session.date).toBe(20251125);
    expect(e.day.highCount[id]).toBe(0);
    expect(Number.isNaN(e.day.high[id] as number)).toBe(true);
    expect(e.table.prevClose[id]).toBe(31);
    e.ingest({ sym: 'ABC', price: 32, size: 1, ts: Date.UTC(2025, 10, 25, 9, 1) });
    expect(e.drainBatch().highs).toEqual([]);
  });

  it('allocates no new ids or arrays when the same symbols trade again (growth only on new symbols)', () => {
    const { e } = engineAt(ny(10));
    for (let i = 0; i < 40; i++) e.ingest({ sym: `S${i}`, price: 1 + i, size: 1, ts: ny(10) });
    const arrays = [e.day.high, e.bars.fClose, e.queue.highIds];
    for (let i = 0; i < 40; i++) e.ingest({ sym: `S${i}`, price: 2 + i, size: 1, ts: ny(10, 1) });
    const after = [e.day.high, e.bars.fClose, e.queue.highIds];
    for (let k = 0; k < arrays.length; k++) expect(after[k]).toBe(arrays[k]);
    expect(e.table.capacity).toBe(64);
    expect(e.drainBatch().highs.length).toBe(40);
  });
});

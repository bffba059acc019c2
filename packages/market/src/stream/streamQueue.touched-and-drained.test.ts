import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';

// Monday 24 Nov 2025 10:00 New York.
const T = Date.UTC(2025, 10, 24, 15, 0);

function engine(capacity = 16) {
  const clock = testClock(T);
  const e = new MarketEngine({ clock, capacity });
  return { e, clock };
}

const ids = (a: Int32Array, n: number) => [...a.subarray(0, n)];

describe('the queue hands each drained batch to the alert evaluator', () => {
  it('lists every symbol that traded once, and the highs in time order, until the next drain', () => {
    const { e } = engine();
    for (const [sym, price, ts] of [
      ['ABC', 10, T - 900],
      ['XYZ', 5, T - 800],
      ['ABC', 10.5, T - 500],
      ['XYZ', 5.5, T - 600],
      ['ABC', 10.2, T - 400],
      ['ZVZZT', 1, T - 300], // a test symbol is refused, so not touched
    ] as const) {
      e.ingest({ sym, price, size: 100, ts });
    }
    const batch = e.drainBatch();
    const d = e.queue.drained;
    const abc = e.idOf('ABC');
    const xyz = e.idOf('XYZ');
    expect(ids(d.touchedIds, d.touchedN)).toEqual([abc, xyz]);
    // XYZ's high (T − 600) came before ABC's (T − 500): time order, as in the wire batch.
    expect(ids(d.highIds, d.highN)).toEqual([xyz, abc]);
    expect(batch.highs.map((h) => h[0])).toEqual(['XYZ', 'ABC']);
    expect(d.lowN).toBe(0);
    e.drainBatch();
    expect([e.queue.drained.touchedN, e.queue.drained.highN]).toEqual([0, 0]);
  });

  it('keeps each halt and resume with its own time and reason', () => {
    const { e } = engine();
    e.ingest({ sym: 'ABC', price: 10, size: 100, ts: T - 1000 });
    e.ingestStatus({ sym: 'ABC', halted: true, reason: 'LUDP', ts: T - 500 });
    e.ingestStatus({ sym: 'ABC', halted: false, reason: 'LUDP', ts: T - 200 });
    e.drainBatch();
    const d = e.queue.drained;
    expect(d.haltN).toBe(2);
    expect([...d.haltFlags.subarray(0, 2)]).toEqual([1, 0]);
    expect([...d.haltTimes.subarray(0, 2)]).toEqual([T - 500, T - 200]);
    expect(e.reasons.values[d.haltReasons[0] as number]).toBe('LUDP');
  });

  it('grows with the symbol table', () => {
    const { e } = engine(16);
    const syms = Array.from({ length: 40 }, (_, k) => `S${k}`);
    for (const sym of syms) e.ingest({ sym, price: 10, size: 1, ts: T - 100 });
    for (const sym of syms) e.ingest({ sym, price: 11, size: 1, ts: T - 50 });
    e.drainBatch();
    const d = e.queue.drained;
    expect(d.touchedN).toBe(40);
    expect(d.highN).toBe(40);
    expect(ids(d.touchedIds, d.touchedN)).toEqual(syms.map((s) => e.idOf(s)));
  });
});

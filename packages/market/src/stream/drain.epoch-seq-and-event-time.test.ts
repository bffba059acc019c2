import { decodeStreamEntry, PROTOCOL_VERSION } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';

// Monday 24 Nov 2025 10:00 New York; the engine started one hour before.
const T = Date.UTC(2025, 10, 24, 15, 0);
const STARTED = T - 3_600_000;

describe('stream batches name the engine epoch, their number and each event time (protocol 3)', () => {
  it('numbers published batches 1, 2, 3 …; an empty drain takes no number', () => {
    const e = new MarketEngine({ clock: testClock(T), capacity: 16, epoch: STARTED });
    // The first print sets the day's range; the second makes the first new high.
    e.ingest({ sym: 'ABC', price: 10, size: 100, ts: T - 1000 });
    expect(e.drainBatch()).toMatchObject({ seq: 0, highs: [] });
    e.ingest({ sym: 'ABC', price: 10.2, size: 100, ts: T - 900 });
    expect(e.drainBatch()).toMatchObject({ v: PROTOCOL_VERSION, ep: STARTED, seq: 1 });
    expect(e.drainBatch()).toMatchObject({ ep: STARTED, seq: 1, highs: [], lows: [], halts: [] });
    e.ingest({ sym: 'ABC', price: 11, size: 100, ts: T - 800 });
    expect(e.drainBatch()).toMatchObject({ seq: 2 });
    e.ingestStatus({ sym: 'ABC', halted: true, reason: 'LUDP', ts: T - 700 });
    expect(e.drainBatch()).toMatchObject({ seq: 3 });
  });

  it('the epoch defaults to the clock when the engine is made', () => {
    expect(new MarketEngine({ clock: testClock(T), capacity: 16 }).epoch).toBe(T);
  });

  it('a high, a low and a halt carry the time of their own event', () => {
    const e = new MarketEngine({ clock: testClock(T), capacity: 16, epoch: STARTED });
    e.ingest({ sym: 'ABC', price: 10, size: 100, ts: T - 900 });
    e.drainBatch();
    e.ingest({ sym: 'ABC', price: 10.5, size: 100, ts: T - 600 });
    e.ingest({ sym: 'ABC', price: 9.5, size: 100, ts: T - 500 });
    e.ingestStatus({ sym: 'ABC', halted: true, reason: 'LUDP', ts: T - 400 });
    e.ingestStatus({ sym: 'ABC', halted: false, reason: 'LUDP', ts: T - 100 });
    const b = e.drainBatch();
    expect(b.highs.map((w) => decodeStreamEntry(w).eventTs)).toEqual([T - 600]);
    expect(b.lows.map((w) => decodeStreamEntry(w).eventTs)).toEqual([T - 500]);
    expect(b.halts.map((w) => decodeStreamEntry(w).eventTs)).toEqual([T - 400, T - 100]);
  });

  it("every entry carries the server's publish time of its own (protocol 6): the clock at its drain", () => {
    const clock = testClock(T);
    const e = new MarketEngine({ clock, capacity: 16, epoch: STARTED });
    e.ingest({ sym: 'ABC', price: 10, size: 100, ts: T - 900 });
    e.drainBatch();
    e.ingest({ sym: 'ABC', price: 10.5, size: 100, ts: T - 600 });
    e.ingest({ sym: 'ABC', price: 9.5, size: 100, ts: T - 500 });
    e.ingestStatus({ sym: 'ABC', halted: true, reason: 'LUDP', ts: T - 400 });
    clock.set(T + 1_500);
    const b = e.drainBatch();
    const published = [...b.highs, ...b.lows, ...b.halts].map((w) => decodeStreamEntry(w).publishedTs);
    expect(published).toEqual([T + 1_500, T + 1_500, T + 1_500]);
    expect(decodeStreamEntry(b.highs[0] as never).eventTs).toBe(T - 600);
    e.ingest({ sym: 'ABC', price: 10.6, size: 100, ts: T + 1_600 });
    clock.set(T + 1_750);
    expect(decodeStreamEntry(e.drainBatch().highs[0] as never).publishedTs).toBe(T + 1_750);
  });
});

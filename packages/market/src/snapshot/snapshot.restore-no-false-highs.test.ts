import { decodeStreamEntry } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';
import type { TradeEvent } from '../events.ts';

// Monday 24 Nov 2025 (EST).
const ny = (h: number, m = 0, s = 0) => Date.UTC(2025, 10, 24, h + 5, m, s);
const t = (sym: string, price: number, size: number, ts: number): TradeEvent => ({ sym, price, size, ts });

const MORNING = [
  t('ABC', 10, 100, ny(9, 30)),
  t('ABC', 10.5, 200, ny(9, 31)),
  t('ABC', 11, 300, ny(9, 45)),
  t('ABC', 9.9, 100, ny(10, 5)),
  t('XYZ', 50, 10, ny(9, 40)),
  t('XYZ', 49, 10, ny(9, 50)),
];
// Later prints: none exceeds the morning's extremes except ABC 11.2.
const AFTERNOON = [
  t('ABC', 10.8, 100, ny(13)),
  t('ABC', 11, 100, ny(13, 1)),
  t('XYZ', 49.5, 10, ny(13, 2)),
  t('ABC', 11.2, 100, ny(13, 3)),
];

function run(e: MarketEngine, trades: TradeEvent[]) {
  for (const x of trades) e.ingest(x);
}

describe('snapshot and restore', () => {
  it('a restarted engine restored from the checkpoint reports no false new highs and matches an uninterrupted one', () => {
    const clock = testClock(ny(12));
    const live = new MarketEngine({ clock });
    run(live, MORNING);
    live.drainBatch();
    const taken = live.snapshot();
    // A deep copy, as a checkpoint written out and read back would be.
    const snap = {
      ...taken,
      symbols: [...taken.symbols],
      columns: Object.fromEntries(Object.entries(taken.columns).map(([k, v]) => [k, v.slice()])),
    };

    const restarted = new MarketEngine({ clock, capacity: 16 });
    expect(restarted.restore(snap)).toEqual({ ok: true, symbols: 2 });
    run(restarted, AFTERNOON);
    run(live, AFTERNOON);
    const a = restarted.drainBatch();
    const b = live.drainBatch();
    expect(a.highs.map(decodeStreamEntry)).toMatchObject([{ symbol: 'ABC', last: 11.2, count: 3 }]);
    expect(a.lows).toEqual([]);
    // The same batch, but numbered afresh: a restarted engine's stream starts again at seq 1.
    expect(a.seq).toBe(1);
    expect({ ...a, seq: b.seq }).toEqual(b);
    expect(restarted.snapshot().columns).toEqual(live.snapshot().columns);
  });

  it('without the checkpoint the same afternoon prints would look like fresh highs', () => {
    const fresh = new MarketEngine({ clock: testClock(ny(12)) });
    run(fresh, AFTERNOON);
    expect(fresh.drainBatch().highs.map((h) => decodeStreamEntry(h).count)).toEqual([2]);
    // Counts restart at 1 for ABC (11 over 10.8) — exactly what restoring prevents.
  });

  it('refuses a snapshot from another session date and leaves the engine untouched', () => {
    const day1 = new MarketEngine({ clock: testClock(ny(12)) });
    run(day1, MORNING);
    const snap = day1.snapshot();
    expect(snap.sessionDate).toBe(20251124);
    const nextDay = new MarketEngine({ clock: testClock(Date.UTC(2025, 10, 25, 15)) });
    nextDay.ingest(t('ABC', 12, 1, Date.UTC(2025, 10, 25, 14, 31)));
    const r = nextDay.restore(snap);
    expect(r.ok).toBe(false);
    expect(nextDay.day.high[nextDay.idOf('ABC')]).toBe(12);
  });

  it('accepts the checkpoint overnight and on the weekend after, until the next 04:00', () => {
    const live = new MarketEngine({ clock: testClock(ny(19)) });
    run(live, MORNING);
    const snap = live.snapshot();
    const saturday = new MarketEngine({ clock: testClock(Date.UTC(2025, 10, 29, 15)) });
    // 28 Nov is a half day, so the latest session on Saturday is Friday's, not Monday's.
    expect(saturday.restore(snap).ok).toBe(false);
    const lateMonday = new MarketEngine({ clock: testClock(Date.UTC(2025, 10, 25, 8)) }); // 03:00 ET Tue
    expect(lateMonday.restore(snap).ok).toBe(true);
  });

  it('refuses malformed snapshots', () => {
    const e = new MarketEngine({ clock: testClock(ny(12)) });
    run(e, MORNING);
    const snap = e.snapshot();
    const broken = { ...snap, columns: { ...snap.columns, 'day.high': new Float64Array(1) } };
    expect(e.restore(broken).ok).toBe(false);
    expect(e.restore({ ...snap, version: 99 }).ok).toBe(false);
    const other = new MarketEngine({ clock: testClock(ny(12)), barHistory: 30 });
    expect(other.restore(snap).ok).toBe(false);
  });

  it('is deterministic: the same prints give byte-identical snapshots', () => {
    const mk = () => {
      const e = new MarketEngine({ clock: testClock(ny(12)) });
      run(e, MORNING);
      return e.snapshot();
    };
    expect(mk()).toEqual(mk());
  });
});

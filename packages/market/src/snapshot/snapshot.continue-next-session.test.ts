import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { testClock } from '../engine/testClock.ts';
import type { TradeEvent } from '../events.ts';

// Monday 24 Nov 2025 and Tuesday 25 Nov (EST): New York hh:mm is UTC hh+5.
const mon = (h: number, m = 0) => Date.UTC(2025, 10, 24, h + 5, m);
const tue = (h: number, m = 0) => Date.UTC(2025, 10, 25, h + 5, m);
const t = (sym: string, price: number, size: number, ts: number): TradeEvent => ({ sym, price, size, ts });

const MONDAY = [
  t('ABC', 10, 100, mon(9, 30)),
  t('ABC', 11, 200, mon(10)),
  t('ABC', 9.5, 300, mon(11)),
  t('ABC', 10.4, 100, mon(15, 59)),
  t('XYZ', 50, 10, mon(9, 40)),
  t('XYZ', 52, 10, mon(15, 30)),
];
const TUESDAY = [t('ABC', 10.6, 100, tue(9, 30)), t('XYZ', 51, 10, tue(9, 31)), t('ABC', 10.9, 100, tue(10))];

function run(e: MarketEngine, trades: TradeEvent[]) {
  for (const x of trades) e.ingest(x);
}

/** Written out and read back: every array copied, as the checkpoint file would give it. */
function mondayCheckpoint() {
  const e = new MarketEngine({ clock: testClock(mon(17)) });
  run(e, MONDAY);
  const taken = e.snapshot();
  return {
    ...taken,
    symbols: [...taken.symbols],
    columns: Object.fromEntries(Object.entries(taken.columns).map(([k, v]) => [k, v.slice()])),
  };
}

describe('a new day continues from the last checkpoint of an earlier session', () => {
  it('matches an engine that ran through the night: prior close, bars, indicators, the new day', () => {
    const clock = testClock(mon(17));
    const through = new MarketEngine({ clock });
    run(through, MONDAY);
    clock.set(tue(9, 29));
    const continued = new MarketEngine({ clock: testClock(tue(9, 29)) });
    expect(continued.continueFrom(mondayCheckpoint())).toEqual({ ok: true, symbols: 2 });
    expect(continued.session.date).toBe(20251125);
    // Monday's regular close is Tuesday's prior close.
    expect(continued.table.prevClose[continued.idOf('ABC')]).toBe(10.4);
    expect(continued.table.prevClose[continued.idOf('XYZ')]).toBe(52);

    clock.set(tue(10, 1));
    const later = testClock(tue(10, 1));
    const resumed = new MarketEngine({ clock: later });
    expect(resumed.continueFrom(mondayCheckpoint()).ok).toBe(true);
    run(through, TUESDAY);
    run(resumed, TUESDAY);
    expect(resumed.snapshot().columns).toEqual(through.snapshot().columns);
    expect(resumed.day.high[resumed.idOf('ABC')]).toBe(10.9);
  });

  it('refuses today’s snapshot (restore takes it), one older than 30 days, another version or history', () => {
    const snap = mondayCheckpoint();
    expect(new MarketEngine({ clock: testClock(mon(18)) }).continueFrom(snap).ok).toBe(false);
    const january = new MarketEngine({ clock: testClock(Date.UTC(2025, 11, 30, 15)) });
    expect(january.continueFrom(snap)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('30 days'),
    });
    const tuesday = () => new MarketEngine({ clock: testClock(tue(12)) });
    expect(tuesday().continueFrom({ ...snap, version: 99 }).ok).toBe(false);
    expect(new MarketEngine({ clock: testClock(tue(12)), barHistory: 30 }).continueFrom(snap).ok).toBe(false);
    const broken = { ...snap, columns: { ...snap.columns, 'day.high': new Float64Array(1) } };
    const untouched = tuesday();
    untouched.ingest(t('ABC', 12, 1, tue(9, 31)));
    expect(untouched.continueFrom(broken).ok).toBe(false);
    expect(untouched.day.high[untouched.idOf('ABC')]).toBe(12);
  });
});

import { decodeStreamEntry, STREAM_RANGES, type StreamChannel } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { MarketEngine } from '../engine/MarketEngine.ts';
import { seedVolumeProfile } from '../engine/seed.ts';
import { testClock } from '../engine/testClock.ts';
import { UVOL_LEVELS, UVOL_MIN_VOLUME, uVolLevel } from './unusualVolume.ts';

// Monday 24 Nov 2025, 10:00 New York: slots 0…24 from 04:00, so with 1,000 shares a slot on
// average the usual volume of the day so far is 25,000.
const T = Date.UTC(2025, 10, 24, 15, 0);

function engine(perSlot: Record<string, number>) {
  const clock = testClock(T);
  const e = new MarketEngine({ clock, capacity: 16, epoch: T - 3_600_000 });
  for (const [sym, n] of Object.entries(perSlot)) seedVolumeProfile(e, sym, new Array(64).fill(n), 20);
  let ts = T - 60_000;
  const print = (sym: string, size: number, price = 10) => e.ingest({ sym, price, size, ts: ts++ });
  const uvols = () => e.drainBatch().uvols?.map((w) => decodeStreamEntry(w)) ?? [];
  return { e, print, uvols };
}

const allOf = (key: keyof typeof STREAM_RANGES) => ({ ...STREAM_RANGES[key] });
const everything: StreamChannel = {
  channel: 'main',
  title: '',
  type: 'filter',
  value: {
    price: allOf('price'),
    volume: allOf('volume'),
    float: allOf('float'),
    atr: allOf('atr'),
    gap: allOf('gap'),
    count: allOf('count'),
    industries: {},
    custom_view: [],
  },
};

describe('unusual-volume events: each level of the day’s uVol once a session', () => {
  it('the levels are 2×, 3×, 4×, 6× and 11× the usual volume', () => {
    expect(UVOL_LEVELS).toEqual([100, 200, 300, 500, 1000]);
    expect([Number.NaN, 99.9, 100, 299, 300, 999, 1000, 5000].map(uVolLevel)).toEqual([
      0, 0, 1, 2, 3, 4, 5, 5,
    ]);
  });

  it('fires when uVol first reaches a level, with level, uVol % and the print’s time; not again at it', () => {
    const { print, uvols } = engine({ ABC: 1000 });
    print('ABC', 40_000); // +60 %
    expect(uvols()).toEqual([]);
    print('ABC', 20_000); // 60,000: +140 %
    const [first] = uvols();
    expect(first).toMatchObject({ symbol: 'ABC', count: 1, flag: 140, active: true, last: 10 });
    expect(first?.eventTs).toBe(T - 60_000 + 1);
    print('ABC', 1_000); // +144 %: still level 1
    expect(uvols()).toEqual([]);
    print('ABC', 20_000, 10.5); // 81,000: +224 %
    expect(uvols().map((u) => [u.count, u.flag, u.last])).toEqual([[2, 224, 10.5]]);
    // One jump over three levels is one event, at the highest.
    print('ABC', 200_000); // 281,000: +1024 %
    expect(uvols().map((u) => [u.count, u.flag])).toEqual([[5, 1024]]);
    print('ABC', 1_000_000);
    expect(uvols()).toEqual([]);
  });

  it('none without a volume profile, and none under the volume floor', () => {
    const { print, uvols } = engine({ THIN: 10 });
    print('NEW', 1_000_000);
    print('THIN', UVOL_MIN_VOLUME - 1); // +19,900 % of 250 shares, but too few to mean anything
    expect(uvols()).toEqual([]);
    print('THIN', 1);
    expect(uvols().map((u) => u.symbol)).toEqual(['THIN']);
  });

  it('a batch with only unusual-volume events is published; the recent view lists each symbol’s latest', () => {
    const { e, print, uvols } = engine({ AAA: 1000, BBB: 1000 });
    print('AAA', 10_000);
    print('BBB', 10_000);
    e.drainBatch();
    const seq = e.queue.published;
    print('AAA', 60_000);
    print('BBB', 60_000); // 70,000: +180 %
    expect(uvols().map((u) => u.symbol)).toEqual(['AAA', 'BBB']);
    expect(e.queue.published).toBe(seq + 1);
    print('AAA', 40_000); // 110,000: +340 %
    uvols();
    const recent = e.recentBatch({
      channel: everything,
      ctx: { popular: new Set(), favorites: new Set(), sectorOf: () => undefined, proPlus: false },
      listed: () => true,
    });
    // Oldest first, as the client's merge expects; AAA once, at its latest level.
    expect(recent.uvols?.map((w) => decodeStreamEntry(w)).map((u) => [u.symbol, u.count])).toEqual([
      ['BBB', 1],
      ['AAA', 3],
    ]);
  });

  it('a restored checkpoint keeps the levels reached: a restart does not fire them again', () => {
    const { e, print, uvols } = engine({ ABC: 1000 });
    print('ABC', 60_000);
    expect(uvols()).toHaveLength(1);
    const again = new MarketEngine({ clock: testClock(T), capacity: 16, epoch: T });
    expect(again.restore(e.snapshot()).ok).toBe(true);
    again.ingest({ sym: 'ABC', price: 10, size: 100, ts: T - 1000 });
    expect(again.drainBatch().uvols).toEqual([]);
  });
});

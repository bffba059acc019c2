import {
  type ChannelContext,
  channelAccepts,
  defaultChannelValue,
  type FilterableEntry,
  type StreamChannel,
  type StreamChannelValue,
} from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  compileChannelRange,
  R_ATR,
  R_COUNT,
  R_FLOAT,
  R_GAP,
  R_PRICE,
  R_VOLUME,
  rangeAccepts,
} from './channelRange.ts';

// The compiled channel filter must say what core's channelAccepts says, entry by entry.

const channels: StreamChannelValue[] = [
  defaultChannelValue(),
  { ...defaultChannelValue(), price: { min: 1, max: 20 }, float: { min: 0, max: 50_000_000 } },
  { ...defaultChannelValue(), volume: { min: 1_000_000, max: 200_000_000 }, count: { min: 3, max: 1000 } },
  { ...defaultChannelValue(), atr: { min: 5, max: 1000 }, gap: { min: 0, max: 10 } },
  { ...defaultChannelValue(), industries: { '9': false, '1': true, '14': false } },
  { ...defaultChannelValue(), price: { min: 10, max: 10 } },
];
const entries: (FilterableEntry & { sector: number })[] = [
  { symbol: 'A', last: 12.5, count: 3, volume: 1_500_000, float: 40_000_000, atr: 4.2, gap: 1.5, sector: 1 },
  { symbol: 'B', last: 25, count: 1, volume: 900_000, float: null, atr: null, gap: null, sector: 9 },
  { symbol: 'C', last: 10, count: 1000, volume: 300_000_000, float: 80_000_000, atr: 6, gap: 12, sector: 14 },
  { symbol: 'D', last: 0.5, count: 2, volume: 0, float: 1e6, atr: 5, gap: -3, sector: 99 },
  { symbol: 'E', last: 20, count: 3, volume: 1_000_000, float: 50_000_000, atr: 1000, gap: 10, sector: 2 },
];

describe('compiled channel ranges agree with channelAccepts', () => {
  for (const proPlus of [false, true]) {
    it(`every channel × entry, ${proPlus ? 'Pro Plus' : 'below Pro Plus'}`, () => {
      const fig = new Float64Array(6);
      const seen: boolean[] = [];
      for (const value of channels) {
        const channel: StreamChannel = { channel: 'main', title: 'M', type: 'filter', value };
        const compiled = compileChannelRange(value, proPlus);
        for (const e of entries) {
          const ctx: ChannelContext = {
            popular: new Set(),
            favorites: new Set(),
            sectorOf: () => e.sector,
            proPlus,
          };
          fig[R_PRICE] = e.last;
          fig[R_VOLUME] = e.volume;
          fig[R_FLOAT] = e.float ?? Number.NaN;
          fig[R_COUNT] = e.count;
          fig[R_ATR] = e.atr ?? Number.NaN;
          fig[R_GAP] = e.gap ?? Number.NaN;
          const expected = channelAccepts(channel, e, ctx);
          expect([value, e.symbol, rangeAccepts(compiled, fig, e.sector)]).toEqual([
            value,
            e.symbol,
            expected,
          ]);
          seen.push(expected);
        }
      }
      // Both answers occur, so the comparison means something.
      expect(seen).toContain(true);
      expect(seen).toContain(false);
    });
  }

  it('equal filters compile to equal keys, whatever the order of their industries', () => {
    const a = compileChannelRange(
      { ...defaultChannelValue(), industries: { '9': false, '14': false } },
      true,
    );
    const b = compileChannelRange(
      { ...defaultChannelValue(), industries: { '14': false, '3': true, '9': false } },
      true,
    );
    expect(a.key).toBe(b.key);
    expect(a.key).not.toBe(compileChannelRange(defaultChannelValue(), true).key);
  });
});

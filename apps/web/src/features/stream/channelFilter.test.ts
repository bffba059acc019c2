import { decodeStreamEntry, defaultChannels, type StreamBatchView, type StreamEntry } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { filterBatch } from './channelFilter.ts';

const row = (symbol: string, last: number, volume = 1_000_000): StreamEntry =>
  decodeStreamEntry([symbol, last, 1, 1, 0, volume, 'Q', 10_000_000, null, 3, 1]);
const batch: StreamBatchView = {
  ep: 1,
  seq: 1,
  ts: 1,
  highs: [row('CHEAP', 2), row('MID', 15), row('DEAR', 400)],
  lows: [row('LOWMID', 12)],
  halts: [],
  uvols: [],
};
const ctx = { popular: new Set(['DEAR']), favorites: new Set<string>(), sectorOf: () => 9, proPlus: false };
const [main, alt] = defaultChannels();
if (!main || !alt) throw new Error('defaults');

describe('a stream batch through a channel', () => {
  it('the untouched default filter passes the batch through as it is', () => {
    expect(filterBatch(batch, main, ctx)).toBe(batch);
  });

  it('a $10–$20 price filter keeps MID and LOWMID only', () => {
    const channel = { ...main, value: { ...main.value, price: { min: 10, max: 20 } } };
    const out = filterBatch(batch, channel, ctx);
    expect(out.highs.map((e) => e.symbol)).toEqual(['MID']);
    expect(out.lows.map((e) => e.symbol)).toEqual(['LOWMID']);
  });

  it('the popular channel keeps what is popular', () => {
    expect(filterBatch(batch, { ...alt, type: 'popular' }, ctx).highs.map((e) => e.symbol)).toEqual(['DEAR']);
  });
});

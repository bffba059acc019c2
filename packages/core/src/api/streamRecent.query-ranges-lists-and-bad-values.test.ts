import { describe, expect, it } from 'vitest';
import { defaultChannels } from '../dashboard/defaultConfig.ts';
import { channelAccepts } from '../dashboard/streamFilter.ts';
import { streamRecentResponseSchema } from './streamEntry.ts';
import {
  encodeStreamRecentQuery,
  type StreamRecentQuery,
  streamRecentChannel,
  streamRecentQueryOf,
  streamRecentQuerySchema,
} from './streamRecent.ts';

const [main] = defaultChannels();
if (!main) throw new Error('defaults');

const read = (query: Record<string, unknown>) => streamRecentQuerySchema.safeParse(query);
const refused = (query: Record<string, unknown>) => expect(read(query).success).toBe(false);

// The whole ranges: what a query without ranges reads as.
const FULL = {
  price: { min: 0, max: 5000 },
  volume: { min: 0, max: 200_000_000 },
  float: { min: 0, max: 100_000_000_000 },
  atr: { min: 0, max: 1000 },
  gap: { min: 0, max: 1000 },
  count: { min: 0, max: 1000 },
};

describe('GET /data/stream_bk query: what it reads', () => {
  it('an empty query is the untouched filter: every range whole, no sector off, no list', () => {
    expect(streamRecentQuerySchema.parse({})).toEqual({
      type: 'filter',
      ...FULL,
      off: [],
      symbols: [],
      optionable: false,
    });
  });

  it('a $1–$20 price, 500k+ volume filter with SPAC and biotech off, options Filter on', () => {
    const q = streamRecentQuerySchema.parse({
      price: '1,20',
      volume: '500000,200000000',
      off: '16,14,16',
      optionable: '1',
    });
    expect(q).toMatchObject({
      type: 'filter',
      price: { min: 1, max: 20 },
      volume: { min: 500_000, max: 200_000_000 },
      float: FULL.float,
      off: [14, 16],
      optionable: true,
    });
  });

  it('decimal bounds and bounds at the range ends are read', () => {
    expect(streamRecentQuerySchema.parse({ price: '0.5,5000', atr: '2.5,7.25' })).toMatchObject({
      price: { min: 0.5, max: 5000 },
      atr: { min: 2.5, max: 7.25 },
    });
  });

  it('a custom list is upper-cased, sorted and said once', () => {
    expect(streamRecentQuerySchema.parse({ type: 'custom', symbols: 'msft,AAPL,brk.b,AAPL' })).toMatchObject({
      type: 'custom',
      symbols: ['AAPL', 'BRK.B', 'MSFT'],
    });
  });

  it('fav and popular send their resolved lists the same way; an empty list is allowed', () => {
    expect(streamRecentQuerySchema.parse({ type: 'fav', symbols: 'TSLA' }).symbols).toEqual(['TSLA']);
    expect(streamRecentQuerySchema.parse({ type: 'popular', symbols: '' }).symbols).toEqual([]);
  });

  it('an empty off is no sector off; unknown keys are ignored', () => {
    expect(streamRecentQuerySchema.parse({ off: '', _: '123' }).off).toEqual([]);
  });

  it('1000 symbols are read', () => {
    const symbols = Array.from({ length: 1000 }, (_, i) => `S${i}`).join(',');
    expect(streamRecentQuerySchema.parse({ type: 'custom', symbols }).symbols).toHaveLength(1000);
  });
});

describe('GET /data/stream_bk query: what is refused (400 bad_request)', () => {
  it('an unknown type, or none', () => {
    refused({ type: 'none' });
    refused({ type: 'favorite' });
  });

  it('a range that is not "min,max" of two numbers', () => {
    refused({ price: '5' });
    refused({ price: '1,2,3' });
    refused({ price: '1,' });
    refused({ price: ',20' });
    refused({ price: 'a,b' });
    refused({ price: '0x10,20' });
    refused({ price: ' 1,20' });
  });

  it('a range outside STREAM_RANGES, or min above max', () => {
    refused({ price: '-1,20' });
    refused({ price: '1,5001' });
    refused({ gap: '0,1001' });
    refused({ volume: '2000,1000' });
  });

  it('a repeated key (read as an array)', () => {
    refused({ price: ['1,2', '3,4'] });
    refused({ type: ['filter', 'custom'] });
  });

  it('off with anything but 1–3 digit codes', () => {
    refused({ off: '14,abc' });
    refused({ off: '1234' });
    refused({ off: '14,,16' });
  });

  it('an invalid symbol, a test symbol, or more than 1000 symbols', () => {
    refused({ type: 'custom', symbols: 'AAPL,123' });
    refused({ type: 'custom', symbols: 'ZVZZT' });
    refused({ type: 'custom', symbols: Array.from({ length: 1001 }, (_, i) => `S${i}`).join(',') });
  });

  it('optionable other than 0 or 1', () => {
    refused({ optionable: 'true' });
    refused({ optionable: '2' });
  });
});

describe('the client and the server agree on the query', () => {
  it('a filter channel: its query round-trips through the query string', () => {
    const channel = {
      ...main,
      value: {
        ...main.value,
        price: { min: 2, max: 20 },
        industries: { '14': false, '9': true, '16': false },
      },
    };
    const q = streamRecentQueryOf(channel, { favorites: [], popular: [], optionable: false });
    expect(q).toMatchObject({ type: 'filter', price: { min: 2, max: 20 }, off: [14, 16], symbols: [] });
    const params = encodeStreamRecentQuery(q as StreamRecentQuery);
    expect(params).toEqual({ type: 'filter', price: '2,20', off: '14,16' });
    expect(streamRecentQuerySchema.parse(params)).toEqual(q);
  });

  it('fav and popular send the tab lists; invalid symbols are left out', () => {
    const fav = streamRecentQueryOf(
      { ...main, type: 'fav' },
      { favorites: ['tsla', 'ZVZZT', 'AMD'], popular: [], optionable: true },
    );
    expect(fav).toMatchObject({ type: 'fav', symbols: ['AMD', 'TSLA'], optionable: true, off: [] });
    expect(encodeStreamRecentQuery(fav as StreamRecentQuery)).toEqual({
      type: 'fav',
      symbols: 'AMD,TSLA',
      optionable: '1',
    });
    const popular = streamRecentQueryOf(
      { ...main, type: 'popular' },
      { favorites: [], popular: ['NVDA'], optionable: false },
    );
    expect(streamRecentQuerySchema.parse(encodeStreamRecentQuery(popular as StreamRecentQuery))).toEqual(
      popular,
    );
  });

  it('a none channel asks for nothing', () => {
    expect(
      streamRecentQueryOf({ ...main, type: 'none' }, { favorites: [], popular: [], optionable: false }),
    ).toBeNull();
  });

  it("the engine's channel accepts what the client's channel accepts", () => {
    const ctx = {
      popular: new Set<string>(),
      favorites: new Set<string>(),
      sectorOf: () => 14,
      proPlus: false,
    };
    const entry = { symbol: 'ABC', last: 10, count: 1, volume: 1_000_000, float: null, atr: null, gap: null };
    const filter = streamRecentChannel(streamRecentQuerySchema.parse({ price: '5,20' }));
    expect(channelAccepts(filter, entry, ctx)).toBe(true);
    expect(channelAccepts(filter, { ...entry, last: 30 }, ctx)).toBe(false);
    const spacOff = streamRecentChannel(streamRecentQuerySchema.parse({ off: '14' }));
    expect(channelAccepts(spacOff, entry, ctx)).toBe(false);
    const fav = streamRecentChannel(streamRecentQuerySchema.parse({ type: 'fav', symbols: 'ABC' }));
    expect(fav.type).toBe('custom');
    expect(channelAccepts(fav, entry, ctx)).toBe(true);
    expect(channelAccepts(fav, { ...entry, symbol: 'XYZ' }, ctx)).toBe(false);
  });
});

describe('GET /data/stream_bk answer', () => {
  const batch = {
    v: 3,
    ep: 1_763_640_000_000,
    seq: 17,
    ts: 1_763_653_333_250,
    highs: [],
    lows: [],
    halts: [],
  };

  it('is {data: [one protocol-3 batch]}', () => {
    expect(streamRecentResponseSchema.parse({ data: [batch] }).data[0].seq).toBe(17);
  });

  it('no batch, or more than one, is not this answer', () => {
    expect(streamRecentResponseSchema.safeParse({ data: [] }).success).toBe(false);
    expect(streamRecentResponseSchema.safeParse({ data: [batch, batch] }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  decodeStreamEntry,
  encodeStreamEntry,
  type StreamEntry,
  type StreamEntryWire,
  streamBatchSchema,
  streamEntryCodec,
  streamEntryWireSchema,
} from './streamEntry.ts';

// A new high of ABC at 11.2, its third of the session, made at 1_763_651_000_000 and published
// 420 ms later, with options, news (a story an hour before the latest filing) and all figures known.
const high: StreamEntry = {
  symbol: 'ABC',
  last: 11.2,
  count: 3,
  active: true,
  flag: 1,
  volume: 1_250_000,
  exchange: 'NASDAQ',
  float: 40_000_000,
  newsTime: 1_763_650_000_000,
  atr: 4.5,
  gap: -2.25,
  storyTime: 1_763_646_400_000,
  eventTs: 1_763_651_000_000,
  publishedTs: 1_763_651_000_420,
};
const highOnWire: StreamEntryWire = [
  'ABC',
  11.2,
  3,
  1,
  1,
  1_250_000,
  'NASDAQ',
  40_000_000,
  1_763_650_000_000,
  4.5,
  -2.25,
  1_763_646_400_000,
  1_763_651_000_000,
  1_763_651_000_420,
];

// A halt of XYZ (reason code T1) whose float, news, ATR, gap and event time are unknown.
const halt: StreamEntry = {
  symbol: 'XYZ',
  last: 50,
  count: 1,
  active: true,
  flag: 'T1',
  volume: 0,
  exchange: 'NYSE',
  float: null,
  newsTime: null,
  atr: null,
  gap: null,
  storyTime: null,
  eventTs: null,
  publishedTs: null,
};

describe('the stream entry codec: named fields in code, the spec array on the wire', () => {
  it('encodes in the spec positions: symbol, last, count, active, flag, volume, exchange, float, news, atr, gap, story, event time, published time', () => {
    expect(encodeStreamEntry(high)).toEqual(highOnWire);
    expect(JSON.stringify(encodeStreamEntry(halt))).toBe(
      '["XYZ",50,1,1,"T1",0,"NYSE",null,null,null,null,null,null,null]',
    );
  });

  it('decodes back to the same entry', () => {
    expect(decodeStreamEntry(highOnWire)).toEqual(high);
    expect(decodeStreamEntry(encodeStreamEntry(halt))).toEqual(halt);
  });

  it('a high no longer at its extreme, or a resumed halt, is active 0 on the wire', () => {
    expect(encodeStreamEntry({ ...high, active: false })[3]).toBe(0);
    expect(
      decodeStreamEntry(['XYZ', 50, 2, 0, 'T1', 0, 'NYSE', null, null, null, null, null, null]).active,
    ).toBe(false);
  });

  it('an entry of protocol 1 (11 elements, before storyTime) still decodes, storyTime and eventTs null', () => {
    const old: StreamEntryWire = [
      'ABC',
      11.2,
      3,
      1,
      1,
      1_250_000,
      'NASDAQ',
      40_000_000,
      1_763_650_000_000,
      4.5,
      -2.25,
    ];
    expect(streamEntryWireSchema.safeParse(old).success).toBe(true);
    const none = { storyTime: null, eventTs: null, publishedTs: null };
    expect(decodeStreamEntry(old)).toEqual({ ...high, ...none });
    expect(streamEntryCodec.decode(old)).toEqual({ ...high, ...none });
  });

  it('an entry of protocol 3–5 (13 elements, before publishedTs) still decodes, publishedTs null', () => {
    const old = highOnWire.slice(0, 13) as StreamEntryWire;
    expect(streamEntryWireSchema.safeParse(old).success).toBe(true);
    expect(decodeStreamEntry(old)).toEqual({ ...high, publishedTs: null });
  });

  it('zod codec: decode checks the array, encode checks the entry', () => {
    expect(streamEntryCodec.decode(highOnWire)).toEqual(high);
    expect(streamEntryCodec.encode(halt)).toEqual([
      'XYZ',
      50,
      1,
      1,
      'T1',
      0,
      'NYSE',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(() => streamEntryCodec.encode({ ...high, last: Number.NaN })).toThrow();
    expect(streamEntryCodec.safeDecode(['ABC', 11.2] as unknown as StreamEntryWire).success).toBe(false);
  });

  it('the wire schema takes the spec array and refuses anything else', () => {
    expect(streamEntryWireSchema.safeParse(highOnWire).success).toBe(true);
    expect(streamEntryWireSchema.safeParse(highOnWire.slice(0, 10)).success).toBe(false);
    expect(streamEntryWireSchema.safeParse([...highOnWire, 1]).success).toBe(false);
    expect(streamEntryWireSchema.safeParse([...highOnWire.slice(0, 11), 'soon']).success).toBe(false);
    expect(streamEntryWireSchema.safeParse([...highOnWire.slice(0, 13), 'later']).success).toBe(false);
    expect(
      streamEntryWireSchema.safeParse(['ABC', '11.2', 3, 1, 1, 0, 'NASDAQ', null, null, null, null]).success,
    ).toBe(false);
    expect(streamEntryWireSchema.safeParse({ ...high }).success).toBe(false);
  });
});

describe('streamBatchSchema: a batch off the wire, entries decoded', () => {
  it('decodes each side to named entries and keeps the version', () => {
    const parsed = streamBatchSchema.parse({
      v: 1,
      ts: 5,
      highs: [highOnWire],
      lows: [],
      halts: [encodeStreamEntry(halt)],
    });
    // A batch from before protocol 5 has no unusual-volume events: it reads as none.
    expect(parsed).toEqual({ v: 1, ep: 0, seq: 0, ts: 5, highs: [high], lows: [], halts: [halt], uvols: [] });
  });

  it('protocol 5: the unusual-volume events decode like the other sides', () => {
    const uvol = { ...halt, active: true, flag: 245, count: 2 };
    const parsed = streamBatchSchema.parse({
      v: 5,
      ep: 1,
      seq: 3,
      ts: 5,
      highs: [],
      lows: [],
      halts: [],
      uvols: [encodeStreamEntry(uvol)],
    });
    expect(parsed.uvols).toEqual([uvol]);
  });

  it('a batch without a version is protocol 1, the shape from before versions were named', () => {
    expect(streamBatchSchema.parse({ ts: 5, highs: [], lows: [], halts: [] }).v).toBe(1);
  });

  it('a batch with a bad entry does not parse', () => {
    expect(streamBatchSchema.safeParse({ v: 1, ts: 5, highs: [['ABC']], lows: [], halts: [] }).success).toBe(
      false,
    );
  });
});

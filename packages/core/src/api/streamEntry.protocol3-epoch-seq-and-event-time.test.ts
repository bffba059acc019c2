import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from './protocol.ts';
import {
  decodeStreamEntry,
  type StreamEntryWire,
  streamBatchSchema,
  streamEntryWireSchema,
} from './streamEntry.ts';

// Protocol 3 (docs/continuity.md §0): a batch names its engine epoch and its number, an entry
// its event time (element 12). Engine started at 1_763_640_000_000; the batch is its 42nd.
const EP = 1_763_640_000_000;

// A new high of ABC at 11.2 made at 10:23:20 ET (1_763_652_200_000), and the same entry as a
// protocol 2 engine sent it (12 elements, no event time).
const highV3: StreamEntryWire = [
  'ABC',
  11.2,
  3,
  1,
  1,
  1_250_000,
  'NASDAQ',
  40_000_000,
  null,
  4.5,
  -2.25,
  null,
  1_763_652_200_000,
];
const highV2 = highV3.slice(0, 12) as unknown as StreamEntryWire;
// A halt of XYZ (LUDP) at 10:42:13 ET.
const haltV3: StreamEntryWire = [
  'XYZ',
  50,
  1,
  1,
  'LUDP',
  0,
  'NYSE',
  null,
  null,
  null,
  null,
  null,
  1_763_653_333_000,
];

const batchV3 = { v: 3, ep: EP, seq: 42, ts: 1_763_653_333_250, highs: [highV3], lows: [], halts: [haltV3] };

describe('protocol 3 stream entries: element 12 is the event time', () => {
  it('this build speaks protocol 3 or later (4: one socket protocol; batches unchanged)', () => {
    expect(PROTOCOL_VERSION).toBeGreaterThanOrEqual(3);
  });

  it('a high reads its event time as eventTs, a halt its halt time', () => {
    expect(decodeStreamEntry(highV3).eventTs).toBe(1_763_652_200_000);
    expect(decodeStreamEntry(haltV3)).toMatchObject({ flag: 'LUDP', eventTs: 1_763_653_333_000 });
  });

  it('an unknown event time is null on the wire and in code', () => {
    const unknown: StreamEntryWire = [
      'ABC',
      11.2,
      3,
      1,
      1,
      1_250_000,
      'NASDAQ',
      null,
      null,
      null,
      null,
      null,
      null,
    ];
    expect(streamEntryWireSchema.safeParse(unknown).success).toBe(true);
    expect(decodeStreamEntry(unknown).eventTs).toBeNull();
  });

  it('a protocol 2 entry (12 elements) still reads, its event time null', () => {
    expect(streamEntryWireSchema.safeParse(highV2).success).toBe(true);
    expect(decodeStreamEntry(highV2).eventTs).toBeNull();
  });

  it('an event time that is not a number, or a 15th element, is refused (the 14th is protocol 6 publishedTs)', () => {
    expect(streamEntryWireSchema.safeParse([...highV2, '10:23']).success).toBe(false);
    expect(streamEntryWireSchema.safeParse([...highV3, 1]).success).toBe(true);
    expect(streamEntryWireSchema.safeParse([...highV3, 1, 2]).success).toBe(false);
  });
});

describe('protocol 3 stream batches: ep and seq', () => {
  it('a batch reads its epoch, its number and its entries with event times', () => {
    const read = streamBatchSchema.parse(batchV3);
    expect(read).toMatchObject({ v: 3, ep: EP, seq: 42, ts: 1_763_653_333_250 });
    expect(read.highs[0]?.eventTs).toBe(1_763_652_200_000);
    expect(read.halts[0]?.symbol).toBe('XYZ');
  });

  it('the recent-stream answer before any published batch has seq 0', () => {
    expect(streamBatchSchema.parse({ ...batchV3, seq: 0, highs: [], halts: [] }).seq).toBe(0);
  });

  it('a protocol 3 batch without ep or seq is refused', () => {
    const { ep: _ep, ...noEpoch } = batchV3;
    const { seq: _seq, ...noSeq } = batchV3;
    expect(streamBatchSchema.safeParse(noEpoch).success).toBe(false);
    expect(streamBatchSchema.safeParse(noSeq).success).toBe(false);
  });

  it('a negative, fractional or textual seq, or a textual ep, is refused', () => {
    expect(streamBatchSchema.safeParse({ ...batchV3, seq: -1 }).success).toBe(false);
    expect(streamBatchSchema.safeParse({ ...batchV3, seq: 1.5 }).success).toBe(false);
    expect(streamBatchSchema.safeParse({ ...batchV3, seq: '42' }).success).toBe(false);
    expect(streamBatchSchema.safeParse({ ...batchV3, ep: String(EP) }).success).toBe(false);
  });

  it('a protocol 2 batch (no ep, no seq, 12-element entries) still parses, naming v2, so the reader refuses it by version', () => {
    const v2 = { v: 2, ts: 1_763_653_333_250, highs: [highV2], lows: [], halts: [] };
    const read = streamBatchSchema.parse(v2);
    expect(read).toMatchObject({ v: 2, ep: 0, seq: 0 });
    expect(read.highs[0]).toMatchObject({ symbol: 'ABC', storyTime: null, eventTs: null });
  });

  it('a batch that is not an object, or names a version that is not a whole number, is refused', () => {
    expect(streamBatchSchema.safeParse(null).success).toBe(false);
    expect(streamBatchSchema.safeParse([batchV3]).success).toBe(false);
    expect(streamBatchSchema.safeParse({ ...batchV3, v: '3' }).success).toBe(false);
  });
});

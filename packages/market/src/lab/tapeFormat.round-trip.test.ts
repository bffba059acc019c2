import { describe, expect, it } from 'vitest';
import { CHUNK_VERSION, type ChunkData, decodeChunk, encodeChunk, FormatError } from './tapeFormat.ts';

// The chunk format keeps every figure a replay reads: prices to the tick (whole cents, sub-penny
// and prices too large for an i32 of ticks), fractional volumes, instants out of order within the
// minute, ids and minutes out of order, and the previous close carried from chunk to chunk.

function chunk(
  rows: Partial<Record<keyof ChunkData, number[]>>,
  base = 0,
  symbols = ['A', 'B', 'C'],
): ChunkData {
  const n = rows.id?.length ?? 0;
  const f = (k: keyof ChunkData) => Float64Array.from(rows[k] ?? new Array(n).fill(1));
  const u16 = (k: keyof ChunkData) => Uint16Array.from(rows[k] ?? new Array(n).fill(0));
  return {
    base,
    symbols,
    reasons: ['LUDP'],
    rows: n,
    minute: u16('minute'),
    id: Uint32Array.from(rows.id ?? []),
    open: f('open'),
    high: f('high'),
    low: f('low'),
    close: f('close'),
    avg: f('avg'),
    volume: f('volume'),
    trades: Uint32Array.from(rows.trades ?? new Array(n).fill(1)),
    tOpen: u16('tOpen'),
    tHigh: u16('tHigh'),
    tLow: u16('tLow'),
    tClose: u16('tClose'),
    events: 1,
    eKind: Uint8Array.of(2),
    eId: Uint32Array.of(1),
    eTs: Float64Array.of(1_700_000_000_123),
    ePrice: Float64Array.of(Number.NaN),
    eReason: Uint16Array.of(0),
  };
}

const plain = (c: ChunkData) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) out[k] = ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v;
  return out;
};

describe('tapeFormat: a chunk decodes to what was encoded', () => {
  it('keeps cents, sub-pennies, a $700,000 price, fractional volume and instants in any order', () => {
    const a = chunk({
      minute: [5, 3, 900],
      id: [2, 0, 1],
      open: [12.34, 0.5123, 700_000.5],
      high: [12.4, 0.5199, 701_000],
      low: [12.3, 0.5, 699_999.99],
      close: [12.35, 0.5101, 700_100],
      avg: [12.3456, 0.5111, 700_050.1234],
      volume: [100, 12.5, 3],
      trades: [4, 0, 2],
      tOpen: [59_000, 10, 0],
      tHigh: [100, 20, 59_999],
      tLow: [59_999, 10, 30_000],
      tClose: [59_500, 50_000, 59_999],
    });
    const b = chunk(
      { minute: [6], id: [2], open: [12.4], high: [12.5], low: [12.4], close: [12.45], avg: [12.42] },
      3,
      [],
    );
    const enc = new Float64Array(8);
    const dec = new Float64Array(8);
    const bytesA = encodeChunk(a, enc);
    const bytesB = encodeChunk(b, enc);
    expect(plain(decodeChunk(bytesA, dec))).toEqual(plain(a));
    expect(plain(decodeChunk(bytesB, dec))).toEqual(plain(b));
  });

  it('refuses a chunk of another version', () => {
    const bytes = encodeChunk(chunk({ id: [0] }), new Float64Array(4));
    const text = String.fromCharCode(...bytes.subarray(4, 40));
    expect(text).toContain(`"v":${CHUNK_VERSION}`);
    const old = bytes.slice();
    old[4 + text.indexOf(`"v":`) + 4] = '1'.charCodeAt(0);
    expect(() => decodeChunk(old, new Float64Array(4))).toThrow(FormatError);
  });
});

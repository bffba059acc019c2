import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeStreamBatch, orderedStreamDecoder } from './streamDecode.ts';

// Entries as the engine writes them: [symbol, last, count, active, flag, volume, exchange, float, news, atr, gap].
const entry = (symbol: string, last: number) => [
  symbol,
  last,
  3,
  1,
  1,
  500,
  'NASDAQ',
  12_000_000,
  null,
  2.5,
  -1.2,
];
const batch = {
  ts: 1_795_000_000_000,
  highs: [entry('ABC', 102)],
  lows: [],
  halts: [['XYZ', 5, 1, 1, 'LUDP', 900, 'NYSE', null, null, null, null]],
};

// A frame as socket.io-client hands it to the browser: an ArrayBuffer of exactly its bytes.
const frame = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('decodeStreamBatch', () => {
  it('inflates and parses a batch the server deflated', async () => {
    const bytes = deflateRawSync(JSON.stringify(batch));
    expect(await decodeStreamBatch(frame(bytes))).toEqual(batch);
    expect(await decodeStreamBatch(bytes)).toEqual(batch);
  });

  it('inflates a batch large enough to arrive from the stream in several chunks', async () => {
    const big = { ...batch, lows: Array.from({ length: 5000 }, (_, i) => entry(`S${i}`, i / 3)) };
    expect(await decodeStreamBatch(frame(deflateRawSync(JSON.stringify(big))))).toEqual(big);
  });

  it('drops plain JSON, truncated bytes and a wrong shape', async () => {
    const bytes = deflateRawSync(JSON.stringify(batch));
    expect(await decodeStreamBatch(frame(Buffer.from(JSON.stringify(batch))))).toBeNull();
    expect(await decodeStreamBatch(frame(bytes.subarray(0, bytes.length - 4)))).toBeNull();
    expect(await decodeStreamBatch(frame(deflateRawSync('{"ts":"soon"}')))).toBeNull();
    expect(await decodeStreamBatch(frame(deflateRawSync('not json')))).toBeNull();
  });
});

describe('orderedStreamDecoder', () => {
  it('delivers batches in arrival order, skipping a bad one', async () => {
    const seen: number[] = [];
    const done = new Promise<void>((resolve) => {
      const decode = orderedStreamDecoder((b) => {
        seen.push(b.ts);
        if (b.ts === 3) resolve();
      });
      // The first batch is much larger, so it finishes inflating after the ones behind it.
      const large = { ...batch, ts: 1, lows: Array.from({ length: 20_000 }, (_, i) => entry(`S${i}`, i)) };
      decode(frame(deflateRawSync(JSON.stringify(large))));
      decode(frame(Buffer.from('garbage')));
      decode(frame(deflateRawSync(JSON.stringify({ ...batch, ts: 2 }))));
      decode(frame(deflateRawSync(JSON.stringify({ ...batch, ts: 3 }))));
    });
    await done;
    expect(seen).toEqual([1, 2, 3]);
  });
});

import { MessageChannel } from 'node:worker_threads';
import { deflateRawSync } from 'node:zlib';
import { decodeStreamEntry, PROTOCOL_VERSION, type StreamBatchWire } from '@tapeline/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRowsClient, type RowsPort } from './dataRows/rowsClient.ts';
import { ROWS_PER_MESSAGE, type RowsReply, type RowsRequest } from './dataRows/rowsProtocol.ts';
import { serve } from './dataRows/serveRows.ts';
import { decodeStreamBatch, orderedStreamDecoder } from './streamDecode.ts';

// Entries as the engine writes them: [symbol, last, count, active, flag, volume, exchange, float, news, atr, gap].
const entry = (symbol: string, last: number): StreamBatchWire['highs'][number] => [
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
const batch: StreamBatchWire = {
  v: PROTOCOL_VERSION,
  ep: 1_794_999_000_000,
  seq: 7,
  ts: 1_795_000_000_000,
  highs: [entry('ABC', 102)],
  lows: [],
  halts: [['XYZ', 5, 1, 1, 'LUDP', 900, 'NYSE', null, null, null, null]],
  uvols: [['GME', 22.5, 2, 1, 245, 900_000, 'NYSE', null, null, null, null, null, 1_794_999_500_000]],
};

/** What the web reads: the same batch, each entry by name. */
const decoded = (wire: StreamBatchWire) => ({
  ...wire,
  highs: wire.highs.map(decodeStreamEntry),
  lows: wire.lows.map(decodeStreamEntry),
  halts: wire.halts.map(decodeStreamEntry),
  uvols: (wire.uvols ?? []).map(decodeStreamEntry),
});

// A frame as socket.io-client hands it to the browser: an ArrayBuffer of exactly its bytes.
const frame = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('decodeStreamBatch', () => {
  it('inflates and parses a batch the server deflated', async () => {
    const bytes = deflateRawSync(JSON.stringify(batch));
    expect(await decodeStreamBatch(frame(bytes))).toEqual(decoded(batch));
    expect(await decodeStreamBatch(bytes)).toEqual(decoded(batch));
  });

  it('reads the entries by name: the halt of XYZ for LUDP', async () => {
    const read = await decodeStreamBatch(deflateRawSync(JSON.stringify(batch)));
    expect(read?.halts[0]).toMatchObject({
      symbol: 'XYZ',
      last: 5,
      active: true,
      flag: 'LUDP',
      exchange: 'NYSE',
    });
    expect(read?.highs[0]).toMatchObject({
      symbol: 'ABC',
      last: 102,
      count: 3,
      atr: 2.5,
      gap: -1.2,
      newsTime: null,
    });
  });

  it('reads the unusual-volume events (protocol 5) by name; a batch without them has none', async () => {
    const read = await decodeStreamBatch(deflateRawSync(JSON.stringify(batch)));
    expect(read?.uvols).toEqual([
      expect.objectContaining({ symbol: 'GME', count: 2, flag: 245, eventTs: 1_794_999_500_000 }),
    ]);
    const { uvols: _, ...without } = batch;
    expect((await decodeStreamBatch(deflateRawSync(JSON.stringify(without))))?.uvols).toEqual([]);
  });

  it('refuses a batch without a version: it is protocol 1, from before the stream carried element 11', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { v: _, ...unversioned } = batch;
      expect(await decodeStreamBatch(deflateRawSync(JSON.stringify(unversioned)))).toBeNull();
    } finally {
      error.mockRestore();
    }
  });

  it('refuses a batch of another protocol version, saying so once on the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const v3 = deflateRawSync(JSON.stringify({ ...batch, v: PROTOCOL_VERSION + 1 }));
      expect(await decodeStreamBatch(v3)).toBeNull();
      expect(await decodeStreamBatch(v3)).toBeNull();
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0]?.[0])).toContain(
        `protocol v${PROTOCOL_VERSION + 1}, this side speaks v${PROTOCOL_VERSION}`,
      );
    } finally {
      error.mockRestore();
    }
  });

  it('inflates a batch large enough to arrive from the stream in several chunks', async () => {
    const big = { ...batch, lows: Array.from({ length: 5000 }, (_, i) => entry(`S${i}`, i / 3)) };
    expect(await decodeStreamBatch(frame(deflateRawSync(JSON.stringify(big))))).toEqual(decoded(big));
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

describe('decodeStreamBatch through the rows worker', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => {
    for (const c of channels.splice(0)) c.port1.close();
  });

  /** The worker's side on one end of a real MessageChannel (structured clone, as to a Worker). */
  function worker() {
    const channel = new MessageChannel();
    channels.push(channel);
    const replies: RowsReply[] = [];
    channel.port2.on('message', (request: RowsRequest) =>
      serve(request, fetch, (reply) => {
        replies.push(reply);
        channel.port2.postMessage(reply);
      }),
    );
    return { port: channel.port1 as unknown as RowsPort, replies };
  }

  it('the worker inflates, parses and checks the frame; the page gets the batch by name', async () => {
    const w = worker();
    const rows = createRowsClient(() => w.port);
    const bytes = frame(deflateRawSync(JSON.stringify(batch)));
    expect(await decodeStreamBatch(bytes, rows)).toEqual(decoded(batch));
    // The batch crossed from the worker already read (entries by name), not as bytes.
    const read = decoded(batch);
    expect(w.replies).toEqual([
      { id: 1, side: 'highs', entries: read.highs },
      { id: 1, side: 'halts', entries: read.halts },
      { id: 1, side: 'uvols', entries: read.uvols },
      { id: 1, batch: { ...read, highs: [], lows: [], halts: [], uvols: [] } },
    ]);
    expect(await decodeStreamBatch(frame(deflateRawSync('not json')), rows)).toBeNull();
    expect(w.replies.at(-1)).toEqual({ id: 2, batch: null });
  });

  it('a frame of the open crosses in slices (each a short task on the page), put back in order', async () => {
    const w = worker();
    const rows = createRowsClient(() => w.port);
    const big = {
      ...batch,
      highs: Array.from({ length: 2 * ROWS_PER_MESSAGE + 1 }, (_, i) => entry(`H${i}`, i + 1)),
      lows: Array.from({ length: ROWS_PER_MESSAGE }, (_, i) => entry(`L${i}`, i + 1)),
    };
    expect(await decodeStreamBatch(frame(deflateRawSync(JSON.stringify(big))), rows)).toEqual(decoded(big));
    const slices = w.replies.filter((r) => 'entries' in r);
    expect(slices.map((r) => ('side' in r ? `${r.side} ${r.entries.length}` : ''))).toEqual([
      `highs ${ROWS_PER_MESSAGE}`,
      `highs ${ROWS_PER_MESSAGE}`,
      'highs 1',
      `lows ${ROWS_PER_MESSAGE}`,
      'halts 1',
      'uvols 1',
    ]);
  });

  it('the page checks the version of what the worker read', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const rows = createRowsClient(() => worker().port);
      const other = deflateRawSync(JSON.stringify({ ...batch, v: PROTOCOL_VERSION + 2 }));
      expect(await decodeStreamBatch(frame(other), rows)).toBeNull();
      expect(error).toHaveBeenCalledTimes(1);
    } finally {
      error.mockRestore();
    }
  });

  it('a worker that fails: the frame it held and later ones are read in the page', async () => {
    let port: RowsPort | null = null;
    const rows = createRowsClient(() => {
      port = { postMessage: () => {}, onmessage: null, onerror: null };
      return port;
    });
    const bytes = frame(deflateRawSync(JSON.stringify(batch)));
    const held = decodeStreamBatch(bytes, rows);
    await Promise.resolve();
    (port as RowsPort | null)?.onerror?.({} as ErrorEvent);
    expect(await held).toEqual(decoded(batch));
    expect(rows.broken()).toBe(true);
    expect(await decodeStreamBatch(bytes, rows)).toEqual(decoded(batch));
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { decodeStreamEntry } from '@tapeline/core';
import type { StreamBatch } from '@tapeline/market';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../test/manualClock.ts';
import { decodeBusFrame } from '../stream/busFrame.ts';
import { type EngineHost, startEngineHost } from './host.ts';

// Friday 2026-11-20, 09:30 New York (EST, UTC−5): a regular session.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const log = pino({ level: 'silent' });
const trade = (sym: string, price: number, size: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size, ts: OPEN + minute * 60_000 });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tapeline-engine-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Query deadlines on the engine thread's handle move only with this clock.
const clock = createManualClock();

function start(file: string, clockStart = OPEN): Promise<EngineHost> {
  return startEngineHost(
    { feed: 'manual', checkpointFile: file, drainMs: 50, checkpointMs: 60_000, clockStart, source: null },
    log,
    clock,
  );
}

/** A bus frame: epoch and seq, then the deflated batch, whose own `ep` and `seq` they must be. */
function parse(frame: Buffer): StreamBatch {
  const decoded = decodeBusFrame(frame);
  if (!decoded) throw new Error('not a bus frame');
  const batch = JSON.parse(inflateRawSync(decoded.bytes).toString()) as StreamBatch;
  expect({ ep: decoded.ep, seq: decoded.seq }).toEqual({ ep: batch.ep, seq: batch.seq });
  return batch;
}

function nextBatch(host: EngineHost): Promise<StreamBatch> {
  return new Promise((resolve) => host.onBatch((frame) => resolve(parse(frame))));
}

describe('engine thread', () => {
  it('turns prints into new-high batches on its own thread', async () => {
    const host = await start(path.join(dir, 'a.bin'));
    const batch = nextBatch(host);
    host.push([100, 101, 101.5, 101.25, 102].map((p, i) => trade('ABC', p, 100, i)));
    const { highs } = await batch;
    // One entry per symbol per batch, carrying the latest high and the count so far.
    expect(highs.map(decodeStreamEntry)).toMatchObject([{ symbol: 'ABC', last: 102, count: 3 }]);
    await host.stop();
  });

  it('restores its checkpoint after a restart, so no false new highs follow', async () => {
    const file = path.join(dir, 'b.bin');
    const first = await start(file);
    const seen = nextBatch(first);
    first.push([50, 52, 55].map((p, i) => trade('XYZ', p, 100, i)));
    expect((await seen).highs.map(decodeStreamEntry)[0]?.count).toBe(2);
    await first.stop(); // checkpoints on the way out

    const second = await start(file, OPEN + 10 * 60_000);
    expect(second.status.restored).toBe(true);
    const batches: StreamBatch[] = [];
    second.onBatch((frame) => batches.push(parse(frame)));
    // Below the day's high of 55: without the checkpoint the first print would set a fresh
    // high and 54 would be a "new high".
    second.push([53, 54].map((p, i) => trade('XYZ', p, 100, 11 + i)));
    const next = nextBatch(second);
    second.push([trade('XYZ', 56, 100, 14)]);
    const { highs } = await next;
    const earlier = batches.flatMap((b) => b.highs.map(decodeStreamEntry));
    expect(earlier.filter((h) => h.last !== 56)).toEqual([]);
    expect(highs.map(decodeStreamEntry)[0]).toMatchObject({ last: 56, count: 3 });
    await second.stop();
  });

  it('ignores a checkpoint from another session', async () => {
    const file = path.join(dir, 'c.bin');
    const first = await start(file);
    first.push([trade('OLD', 10, 100, 0), trade('OLD', 11, 100, 1)]);
    await first.stop();
    const nextMonday = OPEN + 3 * 86_400_000;
    const second = await start(file, nextMonday);
    expect(second.status.restored).toBe(false);
    await second.stop();
  });

  it('answers queries with JSON computed on the engine thread', async () => {
    const host = await start(path.join(dir, 'd.bin'));
    host.push([trade('QRS', 20, 500, 0), trade('QRS', 21, 500, 1)]);
    const status = JSON.parse(await host.query({ kind: 'status' }));
    expect(status).toMatchObject({ feed: 'manual', trades: 2 });
    const rows = JSON.parse(await host.query({ kind: 'discovery', tf: '15min', access: 'pro' }));
    const row = rows.find((r: { s: string }) => r.s === 'QRS');
    expect(row).toMatchObject({ s: 'QRS', l: 21 });
    expect(row).not.toHaveProperty('z');
    expect(row).not.toHaveProperty('st');
    const plus = JSON.parse(await host.query({ kind: 'discovery', tf: '15min', access: 'proplus' }));
    expect(plus.find((r: { s: string }) => r.s === 'QRS')).toHaveProperty('st');
    await host.stop();
  });
});

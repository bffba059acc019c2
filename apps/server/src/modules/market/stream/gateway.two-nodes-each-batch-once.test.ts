import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { PROTOCOL_VERSION, STREAM_EVENTS, streamBatchSchema } from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/testApp.ts';
import { connectTab, until } from '../../../test/waitFor.ts';
import { withApp } from '../../../test/withApp.ts';
import { decodeBusFrame } from './busFrame.ts';
import { FENCE_MS, STREAM_TOPIC } from './gateway.ts';

// Every API node hears every engine batch on the bus and sends it to its own sockets. The
// socket.io Redis adapter makes a room span the nodes, so a plain room emit from each node would
// reach every socket once per node: the gateway must emit to this node's sockets only. Two
// engines on one bus (two `all` nodes) are fenced by epoch: once a newer engine's batch is heard,
// the older one's are dropped (docs/decisions.md, "One leader engine").

const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const FEED = `manual:${new Date(OPEN).toISOString()}`;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const trade = (sym: string, price: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size: 100, ts: OPEN + minute * 60_000 });

const env = {
  REDIS_URL,
  MARKET_FEED: FEED,
  JWT_SECRET: randomBytes(32).toString('hex'),
  BUS_PREFIX: `test:gateway:${randomBytes(4).toString('hex')}:`,
};
const nodeA = withApp({ mail: 'outbox', env });
const nodeB = withApp(() => ({ mail: 'outbox', env, shareDatabaseWith: nodeA }));
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets.splice(0)) s.close();
});

function engineOf(app: TestApp) {
  const host = app.app.market.engine;
  if (!host) throw new Error('this node runs no engine');
  return host;
}

/** A subscriber's tab on `app`, joined to the stream, recording each frame it hears. */
async function streamTab(app: TestApp, token: string) {
  const socket = await connectTab(app.baseUrl, token);
  sockets.push(socket);
  const frames: Buffer[] = [];
  socket.on(STREAM_EVENTS.update, (bytes: ArrayBuffer | Buffer) =>
    frames.push(Buffer.from(bytes as ArrayBuffer)),
  );
  const ack = (await socket.timeout(5000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION })) as {
    ok: boolean;
  };
  expect(ack.ok).toBe(true);
  const highs = () =>
    frames.flatMap((bytes) =>
      streamBatchSchema.parse(JSON.parse(inflateRawSync(bytes).toString())).highs.map((e) => e.symbol),
    );
  return { socket, frames, highs };
}

describe('the stream gateway on two nodes sharing Redis', () => {
  it('sends each tab every batch once; of two engines, the newer epoch only once it is heard', async () => {
    const { token } = await seedSubscriber(nodeA);
    const onA = await streamTab(nodeA, token);
    const onB = await streamTab(nodeB, token);
    await until('the stream room spans both nodes', async () =>
      (await nodeA.app.io.in('stream').fetchSockets()).length >= 2 ? true : undefined,
    );

    // Node B's engine started after node A's: its epoch is the newer.
    const [older, newer] = [engineOf(nodeA), engineOf(nodeB)];
    older.push([10, 10.5, 11].map((p, i) => trade('AAA', p, i)));
    for (const t of [onA, onB])
      await until('the older engine’s highs', () => (t.highs().includes('AAA') ? true : undefined));
    newer.push([20, 20.5, 21].map((p, i) => trade('BBB', p, i)));
    for (const t of [onA, onB])
      await until('the newer engine’s highs', () => (t.highs().includes('BBB') ? true : undefined));
    // From now on the older engine is fenced out. A witness from the newer one sent after it:
    // once it is heard, any duplicate or fenced batch would have arrived too.
    const onBus: string[] = [];
    await nodeA.ctx.bus.subscribe(STREAM_TOPIC, (payload) => {
      const frame = decodeBusFrame(Buffer.from(payload));
      if (frame) onBus.push(inflateRawSync(frame.bytes).toString());
    });
    older.push([trade('OLD', 5, 3), trade('OLD', 6, 4)]);
    await until('the older engine’s batch on the bus', () =>
      onBus.some((j) => j.includes('"OLD"')) ? true : undefined,
    );
    newer.push([trade('WIT', 5, 3), trade('WIT', 6, 4)]);
    for (const t of [onA, onB])
      await until('the witness', () => (t.highs().includes('WIT') ? true : undefined));
    for (const t of [onA, onB]) expect(t.highs()).not.toContain('OLD');
    // The newer engine silent for FENCE_MS: the older one is heard again (a clock behind, not a
    // deposed leader).
    for (const node of [nodeA, nodeB]) node.clock.advance(FENCE_MS);
    older.push([trade('AGN', 5, 5), trade('AGN', 6, 6)]);
    for (const t of [onA, onB])
      await until('the older engine again', () => (t.highs().includes('AGN') ? true : undefined));

    for (const t of [onA, onB]) {
      const seen = t.frames.map((bytes) => bytes.toString('base64'));
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });
});

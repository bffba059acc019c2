import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  PROTOCOL_VERSION,
  STREAM_EVENTS,
  type StreamBatchRead,
  type StreamResumeAck,
  socketRefusal,
  streamBatchSchema,
  streamResumeAckSchema,
} from '@tapeline/core';
import type { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../../platform/bus/bus.ts';
import { createMemoryBus } from '../../../platform/bus/memoryBus.ts';
import { systemClock } from '../../../platform/clock.ts';
import { silentLog } from '../../../platform/log.ts';
import { SocketRefusalError } from '../../../platform/realtime/socketRoute.ts';
import { attachSocketServer } from '../../../platform/realtime/socketServer.ts';
import { seedSubscriber, seedUser } from '../../../test/factories.ts';
import { until } from '../../../test/waitFor.ts';
import { withApp } from '../../../test/withApp.ts';
import { createBacklog } from './backlog.ts';
import { encodeBusFrame } from './busFrame.ts';
import { STREAM_TOPIC, startStreamGateway } from './gateway.ts';

// stream_resume (docs/continuity.md §2): a tab back from a dropped connection gets the exact
// frames it missed from the node's backlog, or is refused and refills (gap, epoch, any other).

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine starts in.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const trade = (sym: string, price: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size: 100, ts: OPEN + minute * 60_000 });

const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets.splice(0)) s.close();
});

const decode = (bytes: ArrayBuffer | Buffer): StreamBatchRead =>
  streamBatchSchema.parse(JSON.parse(inflateRawSync(Buffer.from(bytes as ArrayBuffer)).toString()));

/** A tab that reconnects on its own 50 ms after a drop, like the web client (faster). */
async function tab(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(baseUrl, {
    auth: { token },
    transports: ['websocket'],
    reconnectionDelay: 50,
    reconnectionDelayMax: 50,
  });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  return socket;
}

async function subscribe(socket: Socket): Promise<void> {
  const ack = await socket.timeout(5000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION });
  expect(ack).toEqual({ ok: true });
}

async function resume(socket: Socket, body: unknown): Promise<StreamResumeAck> {
  return streamResumeAckSchema.parse(await socket.timeout(5000).emitWithAck(STREAM_EVENTS.resume, body));
}

/** The batches a tab hears live, decoded. */
function listen(socket: Socket): StreamBatchRead[] {
  const heard: StreamBatchRead[] = [];
  socket.on(STREAM_EVENTS.update, (bytes: ArrayBuffer | Buffer) => heard.push(decode(bytes)));
  return heard;
}

const symbolsOf = (batches: StreamBatchRead[]) => batches.flatMap((b) => b.highs.map((e) => e.symbol));
const seqsOf = (batches: StreamBatchRead[]) => batches.map((b) => b.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('stream_resume on a node with a hand-fed engine', () => {
  const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });
  // Before the app closes (after-hooks run last-registered first): a tab that reconnects on its
  // own would otherwise keep knocking on the closing server.
  afterAll(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  function engine() {
    const host = app.app.market.engine;
    if (!host) throw new Error('this app runs no engine');
    return host;
  }

  /** Prints that make `sym` a new high, then waits until `witness` has heard them. */
  async function newHighs(sym: string, minute: number, witness: StreamBatchRead[]): Promise<void> {
    engine().push([10, 10.5, 11].map((p, i) => trade(sym, p, minute + i)));
    await until(`${sym} on the stream`, () => (symbolsOf(witness).includes(sym) ? true : undefined));
  }

  it('sends the frames missed while the connection was down; with them the seqs run unbroken', async () => {
    const { token } = await seedSubscriber(app);
    // Another tab of the trader stays connected throughout: what it hears is what was published.
    const other = await tab(app.baseUrl, token);
    const witness = listen(other);
    await subscribe(other);
    const socket = await tab(app.baseUrl, token);
    const live = listen(socket);
    await subscribe(socket);

    await newHighs('AAA', 0, witness);
    await until('AAA in the tab', () => (symbolsOf(live).includes('AAA') ? true : undefined));
    const first = live[0] as StreamBatchRead;
    const last = live.at(-1) as StreamBatchRead;

    // The network drops (as the web client does on `offline`); it stays down until told.
    socket.io.reconnection(false);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.io.engine.close();
    await dropped;
    await newHighs('BBB', 10, witness);
    await newHighs('CCC', 20, witness);
    const missed = witness.filter((b) => b.seq > last.seq);
    expect(missed.length).toBeGreaterThanOrEqual(2);

    socket.io.reconnection(true);
    const back = new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    socket.connect();
    await back;
    await subscribe(socket);
    const ack = await resume(socket, { v: PROTOCOL_VERSION, ep: last.ep, since: last.seq });
    if (!ack.ok) throw new Error(`resume refused: ${ack.error}`);
    const resumed = ack.batches.map((bytes) => decode(bytes as Buffer));
    expect(resumed).toEqual(missed);
    expect(seqsOf([...live, ...resumed])).toEqual(range(first.seq, (missed.at(-1) as StreamBatchRead).seq));

    // Live again: the next batch follows on.
    await newHighs('DDD', 30, witness);
    await until('DDD in the tab', () => (symbolsOf(live).includes('DDD') ? true : undefined));
    expect(seqsOf([...live, ...resumed]).sort((a, b) => a - b)).toEqual(
      range(first.seq, (live.at(-1) as StreamBatchRead).seq),
    );
    // Up to date: nothing to send.
    const now = live.at(-1) as StreamBatchRead;
    expect(await resume(socket, { v: PROTOCOL_VERSION, ep: now.ep, since: now.seq })).toEqual({
      ok: true,
      batches: [],
    });
  });

  it('answers epoch to a client whose numbers are of another engine run', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await tab(app.baseUrl, token);
    const live = listen(socket);
    await subscribe(socket);
    await newHighs('EEE', 40, live);
    const { ep, seq } = live.at(-1) as StreamBatchRead;
    expect(await resume(socket, { v: PROTOCOL_VERSION, ep: ep - 60_000, since: seq - 1 })).toEqual(
      socketRefusal('epoch'),
    );
  });

  it('refuses a body it cannot read, and a user without a subscription, and keeps serving', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await tab(app.baseUrl, token);
    for (const body of [
      undefined,
      null,
      'since=0',
      [],
      {},
      { v: PROTOCOL_VERSION, ep: 1 },
      { v: PROTOCOL_VERSION - 1, ep: 1, since: 0 },
      { v: PROTOCOL_VERSION, ep: '1', since: 0 },
      { v: PROTOCOL_VERSION, ep: 1, since: -1 },
      { v: PROTOCOL_VERSION, ep: 1, since: 0.5 },
      { v: PROTOCOL_VERSION, ep: Number.NaN, since: 0 },
    ]) {
      const ack = await socket.timeout(5000).emitWithAck(STREAM_EVENTS.resume, body);
      expect(ack, JSON.stringify(body)).toMatchObject({ ok: false });
      expect(['bad_request', 'protocol_version'], JSON.stringify(body)).toContain(
        (ack as { error: string }).error,
      );
    }
    // No ack: nobody to answer, nothing breaks.
    socket.emit(STREAM_EVENTS.resume, { v: PROTOCOL_VERSION, ep: 1, since: 0 });
    expect(await resume(socket, { v: PROTOCOL_VERSION, ep: 1, since: 0 })).toEqual(socketRefusal('epoch'));

    const free = await tab(app.baseUrl, (await seedUser(app)).token);
    expect(await resume(free, { v: PROTOCOL_VERSION, ep: 1, since: 0 })).toEqual(
      socketRefusal('subscription_required'),
    );
  });
});

describe('stream_resume on a node that keeps three batches', () => {
  const EP = OPEN - 3_600_000;
  let ioServer: Server;
  let bus: Bus;
  let baseUrl = '';
  let stopGateway = async () => {};

  beforeAll(async () => {
    const http = createServer();
    // A token names its user; only `subscriber` may have the stream.
    ioServer = attachSocketServer(
      http,
      async (token) => {
        if (!token) throw new Error('no token');
        return { userId: token, sessionId: token };
      },
      { clock: systemClock, log: silentLog },
    );
    bus = createMemoryBus();
    stopGateway = await startStreamGateway(
      ioServer,
      bus,
      createBacklog(3),
      {
        name: 'subscriber',
        async check({ userId }) {
          if (userId !== 'subscriber') throw new SocketRefusalError('subscription_required');
        },
      },
      silentLog,
      systemClock,
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.close();
    await stopGateway();
    await ioServer.close();
    await bus.close();
  });

  const batch = (seq: number) =>
    deflateRawSync(
      JSON.stringify({ v: PROTOCOL_VERSION, ep: EP, seq, ts: OPEN + seq, highs: [], lows: [], halts: [] }),
    );

  it('answers gap once the client’s next batch is older than the oldest kept, and the frames otherwise', async () => {
    const socket = await tab(baseUrl, 'subscriber');
    const live: Buffer[] = [];
    socket.on(STREAM_EVENTS.update, (bytes: Buffer) => live.push(Buffer.from(bytes)));
    await subscribe(socket);
    for (const seq of range(1, 6))
      await bus.publish(STREAM_TOPIC, Buffer.from(encodeBusFrame(EP, seq, batch(seq))));
    await until('six batches', () => (live.length === 6 ? true : undefined));
    // Sockets get the deflated batch alone, without the bus header.
    expect(live[5]?.equals(batch(6))).toBe(true);

    expect(await resume(socket, { v: PROTOCOL_VERSION, ep: EP, since: 2 })).toEqual(socketRefusal('gap'));
    const ack = await resume(socket, { v: PROTOCOL_VERSION, ep: EP, since: 3 });
    expect(ack.ok && ack.batches.map((bytes) => Buffer.from(bytes as Buffer))).toEqual(live.slice(3));
  });

  it('drops a bus message that is not a frame, and sends the next one', async () => {
    const socket = await tab(baseUrl, 'subscriber');
    const live: Buffer[] = [];
    socket.on(STREAM_EVENTS.update, (bytes: Buffer) => live.push(Buffer.from(bytes)));
    await subscribe(socket);
    await bus.publish(STREAM_TOPIC, batch(7));
    await bus.publish(STREAM_TOPIC, Buffer.from(encodeBusFrame(EP, 7, batch(7))));
    await until('batch 7', () => (live.length === 1 ? true : undefined));
    expect(live[0]?.equals(batch(7))).toBe(true);
  });
});

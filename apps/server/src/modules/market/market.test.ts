import { inflateRawSync } from 'node:zlib';
import {
  PROTOCOL_VERSION,
  STREAM_EVENTS,
  type StreamBatchRead,
  socketRefusal,
  streamBatchSchema,
} from '@tapeline/core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber, seedUser } from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine starts in.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const trade = (sym: string, price: number, size: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size, ts: OPEN + minute * 60_000 });

const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(OPEN).toISOString()}` } });
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
});

function engine() {
  const host = app.app.market.engine;
  if (!host) throw new Error('this app runs no engine');
  return host;
}

async function connect(token: string): Promise<Socket> {
  const socket = io(app.baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  return socket;
}

const subscribe = (socket: Socket, ...hello: [{ v: number }] | []) =>
  socket.timeout(5000).emitWithAck(STREAM_EVENTS.subscribe, ...hello) as Promise<{ success: boolean }>;

function nextUpdate(socket: Socket): Promise<StreamBatchRead> {
  return new Promise((resolve) =>
    socket.once(STREAM_EVENTS.update, (bytes: ArrayBuffer | Buffer) =>
      // Raw-deflated once on the engine thread; a browser inflates it with DecompressionStream.
      resolve(
        streamBatchSchema.parse(JSON.parse(inflateRawSync(Buffer.from(bytes as ArrayBuffer)).toString())),
      ),
    ),
  );
}

async function dataToken(token: string): Promise<string> {
  const res = await app.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
  return res.body.token;
}

describe('live stream over socket.io', () => {
  it('sends a subscriber the engine batch as one raw-deflated JSON frame, in the spec entry shape', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await connect(token);
    expect(await subscribe(socket, { v: PROTOCOL_VERSION })).toEqual({ ok: true });
    const update = nextUpdate(socket);
    engine().push([100, 101, 101.5, 101.25, 102].map((p, i) => trade('ABC', p, 100, i)));
    const batch = await update;
    const abc = batch.highs.find((h) => h.symbol === 'ABC');
    expect(abc).toMatchObject({ symbol: 'ABC', last: 102, count: 3, volume: 500 });
    expect(batch.v).toBe(PROTOCOL_VERSION);
  });

  it('serves a client that names this protocol version on stream_subscribe', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await connect(token);
    expect(await subscribe(socket, { v: PROTOCOL_VERSION })).toEqual({ ok: true });
    const update = nextUpdate(socket);
    engine().push([trade('ABC', 103, 100, 10)]);
    expect((await update).v).toBe(PROTOCOL_VERSION);
  });

  it('refuses a subscriber whose client speaks another protocol version, saying so in the ack', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await connect(token);
    expect(await subscribe(socket, { v: PROTOCOL_VERSION + 1 })).toEqual(socketRefusal('protocol_version'));
    const channel = socket.timeout(5000).emitWithAck(STREAM_EVENTS.channelSubscribe, {
      channel: 'stream',
      v: PROTOCOL_VERSION + 1,
    });
    expect(await channel).toEqual(socketRefusal('protocol_version'));
  });

  it('refuses a client that names no version: it is protocol 1, whose entries had 11 elements', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await connect(token);
    expect(await subscribe(socket)).toMatchObject({ ok: false, error: 'protocol_version' });
  });

  it('refuses the stream to a user without a subscription', async () => {
    const { token } = await seedUser(app);
    const socket = await connect(token);
    expect(await subscribe(socket, { v: PROTOCOL_VERSION })).toEqual(socketRefusal('subscription_required'));
  });
});

describe('data host', () => {
  it('serves Discovery to Pro with the Pro Plus columns left out, and all columns to Pro Plus', async () => {
    engine().push([trade('DISC', 10, 1000, 20), trade('DISC', 10.5, 1000, 21)]);
    const pro = await dataToken((await seedSubscriber(app, 'pro')).token);
    const rows = await app.call<Record<string, unknown>[]>('GET', '/data/discovery?tf=15m', { token: pro });
    expect(rows.status).toBe(200);
    const row = rows.body.find((r) => r.s === 'DISC');
    expect(row).toMatchObject({ s: 'DISC', l: 10.5 });
    for (const key of ['z', 'mf', 'st', 'sr', 'tr', 'g']) expect(row).not.toHaveProperty(key);

    const plus = await dataToken((await seedSubscriber(app, 'proplus')).token);
    const all = await app.call<Record<string, unknown>[]>('GET', '/data/discovery-15min.json', {
      token: plus,
    });
    expect(all.body.find((r) => r.s === 'DISC')).toHaveProperty('st');
  });

  it('keeps Discovery from Standard, and the data host from API tokens and strangers', async () => {
    const standard = await seedSubscriber(app, 'standard');
    const res = await app.call('GET', '/data/discovery?tf=1d', { token: await dataToken(standard.token) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'upgrade_required' });
    expect((await app.call('GET', '/data/discovery?tf=1d', { token: standard.token })).status).toBe(401);
    expect((await app.call('GET', '/data/stream_bk')).body).toEqual({ error: 'Invalid access_token' });
  });

  it('answers bad timeframes and symbols with 400', async () => {
    const token = await dataToken((await seedSubscriber(app, 'proplus')).token);
    expect((await app.call('GET', '/data/discovery?tf=7min', { token })).status).toBe(400);
    expect((await app.call('GET', '/data/real-volume/NOT%20A%20SYMBOL', { token })).status).toBe(400);
    expect((await app.call('GET', '/data/discovery-7min.json', { token })).status).toBe(400);
  });

  it('answers a mounting stream with the day’s highs in one batch (stream/streamRecent.test.ts has the rules)', async () => {
    const token = await dataToken((await seedSubscriber(app)).token);
    const res = await app.call<{ data: unknown }>('GET', '/data/stream_bk', { token });
    expect(res.status).toBe(200);
    const [batch] = streamBatchSchema.array().length(1).parse(res.body.data);
    expect(batch?.highs.find((h) => h.symbol === 'ABC')).toMatchObject({ last: 103 });
  });

  it('lists names, sector counts and per-symbol real volume', async () => {
    const token = await dataToken((await seedSubscriber(app)).token);
    const names = await app.call<{ s: string; n: string; c: number }[]>('GET', '/data/stock-names.json', {
      token,
    });
    expect(names.body.map((n) => n.s)).toEqual(expect.arrayContaining(['ABC', 'DISC']));
    // Each name carries its sector code, for the stream channels' industry filter.
    expect(names.body.every((n) => Number.isInteger(n.c))).toBe(true);
    const counts = await app.call<Record<string, number>>('GET', '/data/sector/symbols/cnt', { token });
    expect(Object.keys(counts.body)).toContain('9');
    const rv = await app.call<{ success: boolean; data: Record<string, unknown> }>(
      'GET',
      '/data/real-volume/disc',
      {
        token,
      },
    );
    expect(rv.body.success).toBe(true);
    // Two prints of 1,000 shares in the current bar; no prior bar to compare with yet.
    expect(rv.body.data['15min']).toEqual([2000, null]);
  });
});

describe('meters', () => {
  it('serves the index ETFs the engine has seen, in gauge order, to any subscriber', async () => {
    engine().push([trade('SPY', 600, 500, 30), trade('QQQ', 520, 500, 30), trade('SPY', 601.5, 500, 31)]);
    const token = await dataToken((await seedSubscriber(app, 'standard')).token);
    type Meters = { success: boolean; data: { s: string; last: number | null; change: number | null }[] };
    let body: Meters | null = null;
    for (let i = 0; i < 40; i++) {
      const res = await app.call<Meters>('GET', '/data/meters', { token });
      expect(res.status).toBe(200);
      const answer: Meters = res.body;
      body = answer;
      if (answer.data.find((m) => m.s === 'SPY')?.last === 601.5) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // DIA never printed; no prior close was given, so the change is unknown.
    expect(body?.data.map((m) => m.s)).toEqual(['QQQ', 'SPY']);
    expect(body?.data[1]).toMatchObject({ s: 'SPY', last: 601.5, change: null });
  });

  it('keeps the meters from strangers', async () => {
    expect((await app.call('GET', '/data/meters')).status).toBe(401);
  });
});

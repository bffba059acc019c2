import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  ALERT_EVENTS,
  firedAlertSchema,
  NEWS_TOPICS,
  PROTOCOL_VERSION,
  QUOTE_TOPICS,
  type QuoteTickMessage,
  quoteTickMessageSchema,
  STREAM_EVENTS,
  type StreamBatchView,
  streamBatchSchema,
} from '@tapeline/core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { exitWithin, type ServerProcess, spawnServer } from '../../test/serverProcess.ts';
import { startTestApp, type TestApp } from '../../test/testApp.ts';
import { HEARTBEAT_MS } from './engine/busProtocol.ts';
import { SIM_SYMBOLS, spawnSimEngine } from './testing/engineProcess.ts';

// The engine as its own process (`--role=engine`) and an API node (`ROLE=api`) that runs no
// engine, joined by a real Redis. A topic prefix of this run's own keeps parallel runs apart.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUS_PREFIX = `tapeline-test-${randomBytes(4).toString('hex')}:`;

let dataDir: string;
let api: TestApp;
const engines: ServerProcess[] = [];
const sockets: Socket[] = [];

function startEngine(): ServerProcess {
  const proc = spawnSimEngine({ REDIS_URL, BUS_PREFIX, DATA_DIR: dataDir });
  engines.push(proc);
  return proc;
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
}

async function engineRunning(proc: ServerProcess): Promise<void> {
  await until('the engine start', () => {
    if (proc.child.exitCode !== null) throw new Error(`engine exited:\n${proc.stdout()}\n${proc.stderr()}`);
    return proc.stdout().includes('market engine running alone') ? true : undefined;
  });
}

async function dataToken(plan: string): Promise<string> {
  const { token } = await seedSubscriber(api, plan);
  const res = await api.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
  return res.body.token;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tapeline-engine-role-'));
  const engine = startEngine();
  // MARKET_FEED says what the engine runs (for /api/config); ROLE=api keeps this node from running it.
  api = await startTestApp({
    mail: 'outbox',
    env: { REDIS_URL, BUS_PREFIX, ROLE: 'api', MARKET_FEED: 'simulator' },
  });
  await engineRunning(engine);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const proc of engines) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('--role=engine with an API node (ROLE=api) over Redis', () => {
  it('runs no engine on the API node, which learns the engine process status over the bus', async () => {
    expect(api.app.market.engine).toBeNull();
    const status = await until('an engine status', () => api.app.market.source.status ?? undefined);
    // Only the engine process was told SIM_SYMBOLS.
    expect(status).toMatchObject({ feed: 'simulator', symbols: SIM_SYMBOLS, phase: 'regular' });
    const config = await api.call('GET', '/api/config');
    expect(config.body).toMatchObject({ simulated: true });
  });

  let streamed: StreamBatchView;
  it('relays to a subscribed socket the batches the engine process publishes', async () => {
    const { token } = await seedSubscriber(api, 'standard');
    const socket = io(api.baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    const update = new Promise<StreamBatchView>((resolve) =>
      socket.once(STREAM_EVENTS.update, (bytes: ArrayBuffer | Buffer) =>
        resolve(
          streamBatchSchema.parse(JSON.parse(inflateRawSync(Buffer.from(bytes as ArrayBuffer)).toString())),
        ),
      ),
    );
    expect(await socket.timeout(5000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION })).toEqual({
      ok: true,
    });
    streamed = await update;
    expect(streamed.highs.length + streamed.lows.length + streamed.halts.length).toBeGreaterThan(0);
  });

  it('serves the recent stream computed by the engine process, across the bus', async () => {
    const token = await dataToken('standard');
    const res = await api.call<{ data: unknown }>('GET', '/data/stream_bk', { token });
    expect(res.status).toBe(200);
    const [batch] = streamBatchSchema.array().length(1).parse(res.body.data);
    // Each symbol the live batch named made its high (low) of the day by then: it is listed.
    const named = (b: Pick<StreamBatchView, 'highs' | 'lows'>) =>
      [...b.highs, ...b.lows].map((e) => e.symbol);
    expect(named(batch as StreamBatchView)).toEqual(expect.arrayContaining(named(streamed)));
    expect(batch?.seq).toBeGreaterThanOrEqual(streamed.seq);
  });

  it('serves Discovery computed by the engine process to a Pro data token', async () => {
    const token = await dataToken('pro');
    const res = await api.call<Record<string, unknown>[]>('GET', '/data/discovery?tf=1day', { token });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.length).toBeLessThanOrEqual(SIM_SYMBOLS);
    // A symbol the stream just reported is a row; Pro gets no Pro Plus columns.
    const symbol = (streamed.highs[0] ?? streamed.lows[0])?.symbol;
    expect(res.body.map((row) => row.s)).toContain(symbol);
    for (const row of res.body) expect(row).not.toHaveProperty('st');
    const names = await api.call<{ s: string }[]>('GET', '/data/stock-names.json', { token });
    expect(names.body.map((n) => n.s)).toContain(symbol);
  });

  it('the engine process answers the quotes query and publishes quotes:tick over Redis', async () => {
    const ticks: QuoteTickMessage[] = [];
    const off = await api.ctx.bus.subscribe(QUOTE_TOPICS.tick, (p) =>
      ticks.push(quoteTickMessageSchema.parse(JSON.parse(p.toString()))),
    );
    const tick = await until('a quote tick', () => ticks[0]);
    await off();
    expect(tick.v).toBe(PROTOCOL_VERSION);
    expect(tick.q.length).toBeGreaterThan(0);
    expect(tick.q.length).toBeLessThanOrEqual(SIM_SYMBOLS);
    const [sym, last, percent] = tick.q[0] ?? [];
    expect(typeof sym).toBe('string');
    expect(last).toBeGreaterThan(0);
    expect(percent === null || Number.isFinite(percent)).toBe(true);

    const answer = JSON.parse(
      await api.app.market.source.query({ kind: 'quotes', symbols: [sym as string, 'NOPE'], spark: true }),
    ) as ({ s: string; last: number; pc: number; sl: number[] } | null)[];
    expect(answer[1]).toBeNull();
    expect(answer[0]).toMatchObject({ s: sym });
    expect(answer[0]?.last).toBeGreaterThan(0);
    expect(answer[0]?.pc).toBeGreaterThan(0);
    // The simulator opens at 09:30: prints from the bell give at least the 09:30 slot.
    expect(answer[0]?.sl.length).toBeGreaterThan(0);
  });

  it("evaluates a trader's alert rule on the engine process and delivers what fires through the API node", async () => {
    const { token } = await seedSubscriber(api, 'standard');
    const tab = io(api.baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(tab);
    const heard = new Promise((resolve) => tab.once(ALERT_EVENTS.alert, resolve));
    // The rule set crosses Redis to the engine process; its new highs fire it there.
    const created = await api.call('POST', '/api/alerts', {
      token,
      body: { category: 'primary_high', type: 'trade' },
    });
    expect(created.status).toBe(200);
    const alert = firedAlertSchema.parse(await heard);
    expect(alert).toMatchObject({ kind: 'trade', zone: 'primary_high' });
    const history = await until('the history entry', async () => {
      const res = await api.call<{ msg: string }[]>('GET', '/api/alert_history', { token });
      return res.body.length > 0 ? res.body : undefined;
    });
    expect(history.map((h) => h.msg)).toContain(alert.msg);
  });

  it('answers 503 at once after the engine stops on SIGTERM, having checkpointed', async () => {
    const [engine] = engines;
    if (!engine) throw new Error('no engine');
    engine.child.kill('SIGTERM');
    expect(await exitWithin(engine, 10_000)).toBe(0);
    expect(engine.stdout()).toContain('stopped cleanly');
    expect(existsSync(path.join(dataDir, 'engine', 'checkpoint.bin'))).toBe(true);
    // No database: the engine role never opened (or locked) an embedded one in its DATA_DIR.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'run'))).toBe(false);

    const token = await dataToken('pro');
    const started = Date.now();
    const res = await api.call('GET', '/data/discovery?tf=1day', { token });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'engine_unavailable', message: 'Service not available' });
    expect(res.headers.get('retry-after')).toBe('5');
    expect(api.app.market.source.status).toBeNull();
  });

  it('serves again when an engine process comes back (asking for news times), and answers 503 within the timeout when it is killed', async () => {
    const syncs: unknown[] = [];
    const off = await api.ctx.bus.subscribe(NEWS_TOPICS.sync, (p) => syncs.push(JSON.parse(p.toString())));
    const engine = startEngine();
    await engineRunning(engine);
    await until('news:sync from the new engine', () => syncs[0]);
    expect(syncs[0]).toMatchObject({ v: PROTOCOL_VERSION });
    await off();
    const token = await dataToken('proplus');
    const rows = await until('Discovery from the new engine', async () => {
      const res = await api.call<Record<string, unknown>[]>('GET', '/data/discovery?tf=1day', { token });
      return res.status === 200 ? res.body : undefined;
    });
    expect(Array.isArray(rows)).toBe(true);

    engine.child.kill('SIGKILL'); // no goodbye: the node only notices the silence
    expect(await exitWithin(engine, 5000)).toBe('SIGKILL');
    // The API node's clock moves past three missed heartbeats: the silence it counts by.
    api.clock.advance(3 * HEARTBEAT_MS + 1);
    const started = Date.now();
    const res = await api.call('GET', '/data/discovery?tf=1day', { token });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'engine_unavailable' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses an unknown role on the command line before starting anything', async () => {
    const proc = spawnServer({ DATA_DIR: dataDir, REDIS_URL, BUS_PREFIX }, ['--role=everything']);
    expect(await exitWithin(proc, 15_000)).toBe(78);
    expect(proc.stderr()).toContain('ROLE:');
  });
});

describe('ROLE=api without Redis', () => {
  it('has no engine to ask: the data host answers 503 at once, the backlog stays empty', async () => {
    const lonely = await startTestApp({ mail: 'outbox', env: { ROLE: 'api', MARKET_FEED: 'simulator' } });
    try {
      expect(lonely.app.market.engine).toBeNull();
      const { token } = await seedSubscriber(lonely, 'pro');
      const ds = await lonely.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
      const started = Date.now();
      const res = await lonely.call('GET', '/data/discovery?tf=1day', { token: ds.body.token });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'engine_unavailable', message: 'Service not available' });
      expect(Date.now() - started).toBeLessThan(2000);
      const recent = await lonely.call('GET', '/data/stream_bk', { token: ds.body.token });
      expect(recent).toMatchObject({ status: 503, body: { error: 'engine_unavailable' } });
    } finally {
      await lonely.close();
    }
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAT_EVENTS, defaultConfig, type HealthReady } from '@tapeline/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeTabs, joined, POST_STEP_MS } from '../modules/chat/testing/chatKit.ts';
import { trader } from '../modules/chat/testing/people.ts';
import { HEARTBEAT_MS } from '../modules/market/engine/busProtocol.ts';
import { type EngineNode, startEngineNode } from '../modules/market/engineNode.ts';
import { freePort } from '../test/serverProcess.ts';
import { startTestApp, type TestApp } from '../test/testApp.ts';
import { until } from '../test/waitFor.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { HEALTH_CHECK_TIMEOUT_MS } from './health.ts';
import { silentLog } from './log.ts';

// Issue 24 item 7: Redis goes away for 20 s under chat and settings traffic. A real redis-server
// of this test's own, on a free port, stopped and started again. Two API nodes (one database)
// and the engine role share it. No node ends (an unhandled error or rejection would fail this
// run); meanwhile chat posts are refused `unavailable`, settings are saved, the data host answers
// 503; within 10 s of Redis returning every node is ready again, chat crosses nodes, /data answers.
const OUTAGE_MS = 20_000;
const RECOVERY_MS = 10_000;

let port: number;
let redis: ChildProcess | null = null;
let dataDir: string;
let nodeA: TestApp;
let nodeB: TestApp;
let engine: EngineNode;
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);
// ioredis writes this when a connection's error event has no listener.
const unwatched = () =>
  consoleError.mock.calls.filter((args) => String(args[0]).includes('Unhandled error event'));
const consoleError = vi.spyOn(console, 'error');

async function startRedis(): Promise<void> {
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  redis = proc;
  // Up when it answers a connection.
  const { Redis } = await import('ioredis');
  const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => 50 });
  probe.on('error', () => {});
  await probe.connect().catch(() => undefined);
  await until('redis-server up', async () =>
    (await probe.ping().catch(() => null)) === 'PONG' ? true : undefined,
  );
  probe.disconnect();
}

async function stopRedis(): Promise<void> {
  const proc = redis;
  redis = null;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
}

const nodes = () => [nodeA.ctx.redisWatch, nodeB.ctx.redisWatch, engine.redisWatch];

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  port = await freePort();
  await startRedis();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tapeline-outage-'));
  const env = {
    REDIS_URL: `redis://127.0.0.1:${port}`,
    BUS_PREFIX: `outage-${randomBytes(3).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const engineConfig = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...env,
    ROLE: 'engine',
    MARKET_FEED: 'simulator',
    SIM_SYMBOLS: '100',
    SIM_TRADE_RATE: '100',
  });
  engine = await startEngineNode(engineConfig, silentLog, systemClock);
  await engine.leading;
  nodeA = await startTestApp({ mail: 'outbox', env: { ...env, ROLE: 'api', MARKET_FEED: 'simulator' } });
  nodeB = await startTestApp({
    mail: 'outbox',
    env: { ...env, ROLE: 'api', MARKET_FEED: 'simulator' },
    shareDatabaseWith: nodeA,
  });
}, 60_000);

afterAll(async () => {
  closeTabs();
  await nodeB?.close();
  await nodeA?.close();
  await engine?.stop();
  await stopRedis();
  await rm(dataDir, { recursive: true, force: true });
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  consoleError.mockRestore();
});

describe('a Redis outage', () => {
  it('ends no node; they degrade while it lasts and are ready again within 10 s of its return', async () => {
    const alice = await trader(nodeA);
    const bob = await trader(nodeA);
    const onA = await joined(nodeA, alice.token, 'daytrading');
    const onB = await joined(nodeB, bob.token, 'daytrading');
    const dataToken = (
      await nodeA.call<{ token: string }>('POST', '/api/auth/ds/login', { token: alice.token })
    ).body.token;
    let posts = 0;
    const post = async () => {
      nodeA.clock.advance(POST_STEP_MS);
      posts += 1;
      return onA.call(CHAT_EVENTS.send, { channel: 'daytrading', msg: `post ${posts}` });
    };
    const saveSettings = (node: TestApp) =>
      node.call('POST', '/api/settings/config', { token: alice.token, body: { config: defaultConfig() } });
    const stream = () => nodeB.call('GET', '/data/stream_bk', { token: dataToken });
    // Readiness as a load balancer asks it. A check waiting on the bus times out on the node's
    // clock, so the frozen test clock is moved until the answer comes.
    const readiness = async (node: TestApp) => {
      let answered = false;
      const answer = node.call<HealthReady>('GET', '/api/health/ready').finally(() => {
        answered = true;
      });
      while (!answered) {
        node.clock.advance(HEALTH_CHECK_TIMEOUT_MS);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return answer;
    };

    // Redis reported ok by both nodes' readiness. Asked again until then: the clock moved for a
    // check waiting on the bus also times out a Redis ping that a loaded machine answers late.
    const redisOkOnBoth = () =>
      until(
        'Redis ok in both readiness answers',
        async () => {
          for (const node of [nodeA, nodeB]) {
            if ((await readiness(node)).body.parts.redis?.state !== 'ok') return undefined;
          }
          return true;
        },
        RECOVERY_MS,
      );

    // Before: everything works across nodes.
    expect(nodes().every((w) => w.ready())).toBe(true);
    expect(await post()).toMatchObject({ ok: true });
    await onB.next('message', (e) => e.message.content === `post ${posts}`);
    await until('the engine heard on node B', () => nodeB.app.market.source.status ?? undefined);
    expect((await stream()).status).toBe(200);
    await redisOkOnBoth();

    // Redis goes away for 20 s, under traffic on both nodes.
    await stopRedis();
    const outageEnds = Date.now() + OUTAGE_MS;
    await until('every node sees Redis gone', () => (nodes().every((w) => !w.ready()) ? true : undefined));
    const refused: string[] = [];
    const saved: number[] = [];
    while (Date.now() < outageEnds) {
      const answer = await post();
      if (!answer.ok) refused.push(answer.error);
      // Typing still goes to the room: socket.io's adapter publishes it to a Redis that is away.
      await onB.call(CHAT_EVENTS.typing, { channel: 'daytrading' });
      for (const node of [nodeA, nodeB]) saved.push((await saveSettings(node)).status);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(new Set(refused)).toEqual(new Set(['unavailable']));
    expect(refused.length).toBeGreaterThan(5);
    expect(new Set(saved)).toEqual(new Set([200]));
    // The engine's heartbeats are not heard: the data host says so rather than waiting.
    nodeB.clock.advance(3 * HEARTBEAT_MS + 1);
    expect((await stream()).status).toBe(503);
    for (const node of [nodeA, nodeB]) {
      const ready = await readiness(node);
      expect(ready.status).toBe(503);
      expect(ready.body.parts.redis?.state).toBe('down');
    }
    expect(unhandled).toEqual([]);
    expect(unwatched()).toEqual([]);

    // Redis returns (empty: no persistence): every node is ready again within 10 s.
    await startRedis();
    const back = Date.now();
    await until(
      'every node ready again',
      () => (nodes().every((w) => w.ready()) ? true : undefined),
      RECOVERY_MS,
    );
    // Chat crosses nodes again (the adapter subscribed again), the engine is heard, /data answers.
    // (A post sent in the instant before node B's adapter subscribed again is not heard there:
    // socket.io's adapter drops what is published while a node is away.)
    await until(
      'a post heard across nodes',
      async () => {
        const answer = await post();
        if (!answer.ok) return undefined;
        const content = `post ${posts}`;
        const heard = () => (onB.of('message').some((e) => e.message.content === content) ? true : undefined);
        return until('the post on node B', heard, 1000).catch(() => undefined);
      },
      RECOVERY_MS,
    );
    await until(
      '/data answering again',
      async () => ((await stream()).status === 200 ? true : undefined),
      RECOVERY_MS,
    );
    await redisOkOnBoth();
    expect(Date.now() - back).toBeLessThan(RECOVERY_MS + 2000);
    expect(unhandled).toEqual([]);
    expect(unwatched()).toEqual([]);
  }, 90_000);
});

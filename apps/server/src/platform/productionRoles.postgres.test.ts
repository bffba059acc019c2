import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { healthReadySchema, PROTOCOL_VERSION, STREAM_EVENTS, streamBatchSchema } from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSimEngine } from '../modules/market/testing/engineProcess.ts';
import { seedSubscriber } from '../test/factories.ts';
import { processScratch } from '../test/processScratch.ts';
import { exitWithin, freePort, spawnServer, waitUntilUp } from '../test/serverProcess.ts';
import { createPostgresDatabase } from '../test/testDatabase.ts';
import { connectTab } from '../test/waitFor.ts';
import { createAccessTokens } from './auth/accessTokens.ts';
import { systemClock } from './clock.ts';
import { openDatabase } from './db/client.ts';

// Issue 24 item 1, the split roles from the production build, as deploy/compose.scale.yaml runs
// them: `node apps/server/dist/main.js --role=engine` (no database, ENGINE_HEALTH_PORT) and one
// with ROLE=api on a shared Postgres, joined by Redis. No tsx: the bundles and their worker
// threads' bundles (productionBuild.test.ts proves they import only production packages). Runs in
// the Postgres-server pass only (`*.postgres.test.ts`), where the shared database is.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUS_PREFIX = `tapeline-prod-roles-${randomBytes(4).toString('hex')}:`;
const JWT_SECRET = randomBytes(32).toString('hex');

const scratch = processScratch('tapeline-prod-roles-');
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let tab: Socket | undefined;

beforeAll(async () => {
  database = await createPostgresDatabase();
});
afterAll(async () => {
  tab?.close();
  // processScratch's afterEach has ended the processes; the drop ends any connection left.
  await database?.drop();
});

describe('the production build, split into roles', () => {
  it('ROLE=engine publishes and answers ready on ENGINE_HEALTH_PORT; ROLE=api on Postgres is ready and serves a socket its batches', {
    timeout: 150_000,
  }, async () => {
    const [healthPort, port] = [await freePort(), await freePort()];
    const engine = spawnSimEngine({
      REDIS_URL,
      BUS_PREFIX,
      DATA_DIR: path.join(scratch.dir(), 'engine'),
      ENGINE_HEALTH_PORT: String(healthPort),
    });
    const base = `http://127.0.0.1:${port}`;
    const api = spawnServer({
      ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(scratch.dir(), 'api'),
      DATABASE_URL: database.url,
      REDIS_URL,
      BUS_PREFIX,
      JWT_SECRET,
      MARKET_FEED: 'simulator',
      WEB_DIST: path.join(scratch.dir(), 'no-web-build'),
      LOG_LEVEL: 'warn',
    });
    scratch.running.push(engine, api);

    await waitUntilUp(engine, `http://127.0.0.1:${healthPort}/health/ready`, 90_000);
    // Ready means every part answers: Postgres, Redis and the engine over the bus.
    await waitUntilUp(api, `${base}/api/health/ready`, 90_000);
    const ready = healthReadySchema.parse(await (await fetch(`${base}/api/health/ready`)).json());
    expect(ready.parts).toMatchObject({
      database: { state: 'ok' },
      redis: { state: 'ok' },
      engine: { state: 'ok' },
    });
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true, database: 'postgres' });

    // A subscriber written to the shared database, its token signed with the nodes' secret.
    const db = await openDatabase({ kind: 'postgres', url: database.url });
    const tokens = createAccessTokens(JWT_SECRET, 3_600_000, () => new Date());
    const { token } = await seedSubscriber(
      { ctx: { database: db, tokens, config: { jwtTtlMs: 3_600_000 } }, clock: systemClock },
      'standard',
    ).finally(() => db.close());

    tab = await connectTab(base, token);
    const update = new Promise<Buffer>((resolve) => tab?.once(STREAM_EVENTS.update, resolve));
    expect(await tab.timeout(10_000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION })).toEqual({
      ok: true,
    });
    const batch = streamBatchSchema.parse(JSON.parse(inflateRawSync(Buffer.from(await update)).toString()));
    expect(batch.highs.length + batch.lows.length + batch.halts.length).toBeGreaterThan(0);

    // With the tab still open: a stop closes it (app.ts preClose) rather than wait on it.
    for (const proc of [api, engine]) {
      proc.child.kill('SIGTERM');
      expect(await exitWithin(proc, 15_000), `${proc.stdout()}\n${proc.stderr()}`).toBe(0);
    }
    expect(engine.stdout()).toContain('stopped cleanly');
  });
});

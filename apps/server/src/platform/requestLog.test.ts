import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp, createAppContext } from '../app.ts';
import { createManualClock } from '../test/manualClock.ts';
import { TEST_APP_URL } from '../test/testApp.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { loadConfig } from './config.ts';
import { type AppContext, closeContext } from './context.ts';
import { createLogger } from './log.ts';

// The production logger (createLogger) at info, writing into memory, under a real app.
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

const VERIFY = 'v3r1fyT0k3nAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const RESET = 'r3s3tT0k3nBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const BEARER = 'bearer-secret-in-the-authorization-header';
const QUERY = 'access-token-in-the-query';

let dataDir: string;
let ctx: AppContext;
let app: App;
let base: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tapeline-log-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'info',
    MARKET_FEED: 'off',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
  });
  ctx = await createAppContext(config, {
    clock: createManualClock(),
    database: await openTestDatabase(),
    log: createLogger('info', sink),
  });
  app = await buildApp(ctx);
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.http.close();
  if (ctx) await closeContext(ctx);
  await rm(dataDir, { recursive: true, force: true });
});

describe('the request log', () => {
  it('names the routes called but never a token from a URL or the Authorization header', async () => {
    const calls = [
      fetch(`${base}/api/auth/verify_email/${VERIFY}`, { redirect: 'manual' }),
      fetch(`${base}/reset-password?token=${RESET}`),
      fetch(`${base}/api/auth/user?access_token=${QUERY}`, {
        headers: { authorization: `Bearer ${BEARER}` },
      }),
    ];
    for (const res of await Promise.all(calls)) await res.arrayBuffer();
    const log = lines.join('');

    expect(log).toContain('/api/auth/verify_email/[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/api/auth/user?access_token=[redacted]');
    for (const secret of [VERIFY, RESET, BEARER, QUERY]) expect(log).not.toContain(secret);
    expect(log.toLowerCase()).not.toContain('authorization');
  });
});

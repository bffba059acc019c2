import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPrerequisites, probeTcp } from '../../../../scripts/prerequisites.mjs';

// scripts/test.mjs runs this check before any stage; here with probes of the test's own.

const everythingUp = { probe: async () => true, isExecutable: () => true };

describe("npm test's prerequisites", () => {
  it('pass when Chromium, Redis and (with TEST_DATABASE_URL) Postgres are there', async () => {
    expect(
      await checkPrerequisites(
        { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' },
        everythingUp,
      ),
    ).toEqual([]);
  });

  it('name each missing one and how to start it', async () => {
    const problems = await checkPrerequisites(
      { TEST_DATABASE_URL: 'postgres://postgres@db.local:5433/test', CHROMIUM_PATH: '/nowhere/chromium' },
      { probe: async () => false, isExecutable: () => false },
    );
    expect(problems).toEqual([
      expect.stringMatching(/^Chromium not found at \/nowhere\/chromium .*apt-get install chromium/),
      expect.stringMatching(/^Redis not answering at 127\.0\.0\.1:6379: start it \(redis-server/),
      expect.stringMatching(/^Postgres not answering at db\.local:5433 \(TEST_DATABASE_URL\): start it/),
    ]);
  });

  it('leaves Postgres out without TEST_DATABASE_URL, and asks Redis where REDIS_URL says', async () => {
    const asked: string[] = [];
    const problems = await checkPrerequisites(
      { REDIS_URL: 'redis://10.1.2.3:6380' },
      {
        isExecutable: () => true,
        probe: async ({ host, port }) => {
          asked.push(`${host}:${port}`);
          return true;
        },
      },
    );
    expect(problems).toEqual([]);
    expect(asked).toEqual(['10.1.2.3:6380']);
  });
});

describe('the TCP probe', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    // Answers PING as Redis does.
    server = createServer((socket) => socket.on('data', () => socket.end('+PONG\r\n')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is true for a server giving the expected reply, false for a wrong reply or a closed port', async () => {
    expect(await probeTcp({ host: '127.0.0.1', port, send: 'PING\r\n', expect: '+PONG' })).toBe(true);
    expect(await probeTcp({ host: '127.0.0.1', port, send: 'PING\r\n', expect: '-ERR' })).toBe(false);
    server.close();
    expect(await probeTcp({ host: '127.0.0.1', port })).toBe(false);
  });
});

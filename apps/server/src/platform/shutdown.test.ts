import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/factories.ts';
import { migratedDataDir } from '../test/pgliteTemplate.ts';
import { exitWithin, freePort, type ServerProcess, spawnServer, waitUntilUp } from '../test/serverProcess.ts';

let dir: string;
const running: ServerProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tapeline-shutdown-'));
});
afterEach(() => {
  // A failed test must not leave its server behind.
  for (const proc of running.splice(0)) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>): ServerProcess {
  const proc = spawnServer({ LOG_LEVEL: 'info', WEB_DIST: path.join(dir, 'no-web-build'), ...env });
  running.push(proc);
  return proc;
}

describe('the server process', () => {
  // A server start, as the other process tests (cli/): their bound, not the unit tests' 30 s.
  it('stops cleanly on SIGTERM and leaves its embedded database intact', { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    await migratedDataDir(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A small simulated market: the engine thread runs and checkpoints, without the default
    // 10,000 symbols (and their seeded past sessions) on a two-core machine.
    const proc = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SIM_SYMBOLS: '300' });
    await waitUntilUp(proc, `${base}/api/health`, 60_000);
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health).toEqual({ ok: true, database: 'pglite' });

    const email = uniqueEmail('durable');
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'hunter2hunter2' }),
    });
    expect(signup.status).toBe(201);

    proc.child.kill('SIGTERM');
    expect(await exitWithin(proc, 10_000)).toBe(0);
    expect(proc.stdout()).toContain('stopped cleanly');

    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      const users = await db.query<{ email: string; email_verified: boolean }>(
        'select email, email_verified from users where email = $1',
        [email],
      );
      expect(users.rows).toEqual([{ email, email_verified: false }]);
      const outbox = await db.query<{ to: string }>('select "to" from dev_mail');
      expect(outbox.rows.map((row) => row.to)).toContain(email);
    } finally {
      await db.close();
    }
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
  ])('refuses an invalid %s and exits non-zero naming it', async (variable, env) => {
    const proc = start({ DATA_DIR: path.join(dir, `bad-${variable}`), ...env });
    const code = await exitWithin(proc, 15_000);
    // 78 is EX_CONFIG: a supervisor can tell "fix the settings" from a crash.
    expect(code).toBe(78);
    expect(proc.stderr()).toContain(`${variable}:`);
    expect(proc.stdout()).not.toContain('is running');
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/factories.ts';
import { migratedDataDir } from '../test/pgliteTemplate.ts';
import { exitWithin, freePort, type ServerProcess, spawnServer, waitUntilUp } from '../test/serverProcess.ts';
import { tryLockDataDir } from './dataDirLock.ts';
import { adminSocketPath, dataDirLockPath, runDir } from './paths.ts';
import { runCli as cli } from './testing/runCli.ts';

let root: string;
const running: ServerProcess[] = [];
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tapeline-cli-'));
});
afterEach(() => {
  for (const proc of running.splice(0)) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A server on `dataDir`; a new DATA_DIR's database starts from the harness's migrated template. */
async function startServer(dataDir: string) {
  if (!existsSync(dataDir)) await migratedDataDir(dataDir);
  const port = await freePort();
  const proc = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MARKET_FEED: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(root, 'no-web'),
  });
  running.push(proc);
  const base = `http://127.0.0.1:${port}`;
  return { proc, base, up: () => waitUntilUp(proc, `${base}/api/health`, 40_000) };
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function signup(base: string, email: string) {
  expect((await post(`${base}/api/auth/signup`, { email, password: 'hunter2hunter2' })).status).toBe(201);
}

async function roleOf(base: string, email: string): Promise<string> {
  const res = await post(`${base}/api/auth/login`, { email, password: 'hunter2hunter2' });
  return ((await res.json()) as { user: { role: string } }).user.role;
}

// Each test spawns servers and CLI processes (PGlite open): slow under a full run.
const SLOW = { timeout: 120_000 };

describe('npm run cli -- user:role (embedded PGlite)', () => {
  it('goes through a running server, then opens an idle DATA_DIR itself', SLOW, async () => {
    const dataDir = path.join(root, 'shared');
    const server = await startServer(dataDir);
    await server.up();
    const email = uniqueEmail('first-admin');
    await signup(server.base, email);

    // The channel is a Unix socket only this OS user can reach.
    expect((await stat(runDir(dataDir))).mode & 0o777).toBe(0o700);
    expect((await stat(adminSocketPath(dataDir))).mode & 0o777).toBe(0o600);

    // Without SMTP_URL the verification mail is read here, on this machine, never over HTTP.
    const outbox = await cli(['mail:list', '1'], { DATA_DIR: dataDir });
    expect(outbox.code).toBe(0);
    expect(outbox.stdout).toContain(`to ${email}`);
    expect(outbox.stdout).toMatch(/\/api\/auth\/verify_email\/[\w-]{20,}/);
    expect((await fetch(`${server.base}/api/dev/mail`)).status).toBe(404);

    const viaServer = await cli(['user:role', email.toUpperCase(), 'admin'], { DATA_DIR: dataDir });
    expect(viaServer).toMatchObject({ code: 0, stdout: `${email}: role changed from trader to admin\n` });
    expect(await roleOf(server.base, email)).toBe('admin');

    const missing = await cli(['user:role', 'nobody@example.com', 'mod'], { DATA_DIR: dataDir });
    expect(missing).toMatchObject({ code: 1, stderr: 'No user with email nobody@example.com\n' });

    server.proc.child.kill('SIGTERM');
    expect(await exitWithin(server.proc, 10_000)).toBe(0);
    await expect(stat(dataDirLockPath(dataDir))).rejects.toThrow();

    const idleOutbox = await cli(['mail:list'], { DATA_DIR: dataDir });
    expect(idleOutbox).toMatchObject({ code: 0, stdout: expect.stringContaining(`to ${email}`) });

    const idle = await cli(['user:role', email, 'mod'], { DATA_DIR: dataDir });
    expect(idle).toMatchObject({ code: 0, stdout: `${email}: role changed from admin to mod\n` });
    await expect(stat(dataDirLockPath(dataDir))).rejects.toThrow();
    const unknown = await cli(['user:role', 'ghost@example.com', 'admin'], { DATA_DIR: dataDir });
    expect(unknown).toMatchObject({ code: 1, stderr: 'No user with email ghost@example.com\n' });

    const again = await startServer(dataDir);
    await again.up();
    expect(await roleOf(again.base, email)).toBe('mod');
  });

  it('recovers the lock and socket a killed server left behind', SLOW, async () => {
    const dataDir = path.join(root, 'crashed');
    const server = await startServer(dataDir);
    await server.up();
    const email = uniqueEmail('after-crash');
    await signup(server.base, email);
    server.proc.child.kill('SIGKILL');
    await server.proc.exited;
    expect(JSON.parse(await readFile(dataDirLockPath(dataDir), 'utf8'))).toMatchObject({ holder: 'server' });

    const run = await cli(['user:role', email, 'admin'], { DATA_DIR: dataDir });
    expect(run).toMatchObject({ code: 0 });
    const again = await startServer(dataDir);
    await again.up();
    expect(await roleOf(again.base, email)).toBe('admin');
  });

  it(
    'never lets two processes open DATA_DIR: a second server refuses, a starting one waits',
    SLOW,
    async () => {
      const dataDir = path.join(root, 'contended');
      const first = await startServer(dataDir);
      await first.up();
      const second = await startServer(dataDir);
      expect(await exitWithin(second.proc, 20_000)).not.toBe(0);
      expect(second.proc.stderr()).toContain('is in use by another Tapeline server');
      first.proc.child.kill('SIGTERM');
      await exitWithin(first.proc, 10_000);

      // While a CLI command holds the directory, a server that starts waits for it to finish.
      const held = await tryLockDataDir(dataDir, 'cli');
      if (!('lock' in held)) throw new Error('lock should be free');
      const waiting = await startServer(dataDir);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await fetch(`${waiting.base}/api/health`).catch(() => null)).toBeNull();
      await held.lock.release();
      await waiting.up();
    },
  );

  it('rejects an invalid role or usage with exit code 2 before touching anything', SLOW, async () => {
    const dataDir = path.join(root, 'untouched');
    const bad = await cli(['user:role', 'a@example.com', 'superuser'], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Invalid role "superuser": must be one of trader, mod, admin');
    const usage = await cli([], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run cli -- user:role <email> trader|mod|admin');
    await expect(stat(dataDir)).rejects.toThrow();
  });
});

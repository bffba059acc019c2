import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../test/pgliteTemplate.ts';
import {
  exitWithin,
  freePort,
  REPO_ROOT,
  type ServerProcess,
  spawnCommand,
  waitUntilUp,
} from '../test/serverProcess.ts';

// The production build (scripts/buildServer.mjs, run by the project's globalSetup:
// test/serverBuild.ts) and the commands a user runs: `npm run start:prod` (the build, as the
// image runs it) and `npm start` (the quick start through tsx). Each is stopped by a SIGTERM to
// the PID the user has, the npm process.

let dir: string;
const running: ServerProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tapeline-prod-'));
});
afterEach(() => {
  // npm and start.mjs stand between the test and the server: end the whole group.
  for (const proc of running.splice(0)) {
    try {
      if (proc.child.pid) process.kill(-proc.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const readJson = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'));

/** A package name from an import specifier: `drizzle-orm/pglite` → `drizzle-orm`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function npm(script: string, env: Record<string, string>): ServerProcess {
  const proc = spawnCommand('npm', ['run', script], env, { group: true });
  running.push(proc);
  return proc;
}

/** The server's own PID, from its first log line (npm and start.mjs stand between). */
function serverPid(proc: ServerProcess): number {
  const line = proc
    .stdout()
    .split('\n')
    .find((l) => l.includes('Tapeline is running'));
  return (JSON.parse(line ?? '{}') as { pid: number }).pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `npm run <script>`, waits until ready and stops it by SIGTERM to npm. `threads`: with the
 * engine and a voice clip rendered (what the build must carry); without, the market feed is off,
 * as the signal's path through npm and start.mjs is all that is proven then.
 */
async function startAndStop(script: string, threads: boolean): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(dir, script);
  await migratedDataDir(dataDir);
  const proc = npm(script, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dir, 'no-web-build'),
    SIM_SYMBOLS: '300',
    ...(threads ? {} : { MARKET_FEED: 'off' }),
  });
  await waitUntilUp(proc, `${base}/api/health/ready`, 80_000);
  const pid = serverPid(proc);
  expect(pid).not.toBe(proc.child.pid);
  if (threads) {
    // The voice thread (its own bundle when built) renders a clip.
    const clip = await fetch(`${base}/voice/SPY/voice1-s.mp3`);
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toBe('audio/mpeg');
  }

  proc.child.kill('SIGTERM');
  expect(await exitWithin(proc, 15_000)).toBe(0);
  expect(proc.stdout()).toContain('stopped cleanly');
  expect(alive(pid)).toBe(false);
  return proc;
}

describe('the production build', () => {
  it('imports only Node built-ins and production dependencies (npm ci --omit=dev installs them)', () => {
    const meta = readJson('apps/server/dist/meta.json') as {
      outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
    };
    const production = new Set(
      ['apps/server', 'packages/core', 'packages/market'].flatMap((pkg) =>
        Object.keys(readJson(`${pkg}/package.json`).dependencies ?? {}),
      ),
    );
    const builtins = new Set(builtinModules);
    const external = Object.values(meta.outputs)
      .flatMap((output) => output.imports)
      .filter((entry) => entry.external)
      .map((entry) => entry.path);
    expect(external).toContain('fastify');
    const strays = external.filter(
      (specifier) =>
        !specifier.startsWith('node:') && !builtins.has(specifier) && !production.has(packageOf(specifier)),
    );
    expect(strays).toEqual([]);
    expect(external.filter((s) => /^(tsx|vite|esbuild|typescript|@tapeline\/)/.test(s))).toEqual([]);
    expect(Object.keys(meta.outputs).filter((o) => o.endsWith('.js'))).toEqual(
      expect.arrayContaining(['apps/server/dist/main.js', 'apps/server/dist/cli.js']),
    );
  });

  it('npm run start:prod serves with its engine and voice threads and stops cleanly on SIGTERM to npm', async () => {
    const proc = await startAndStop('start:prod', true);
    expect(proc.stdout()).toContain('market engine running');
  }, 90_000);

  // The quick start's engine and voice threads run under tsx in every in-process test app.
  it('npm start (the quick start) also stops cleanly on SIGTERM to npm', async () => {
    await startAndStop('start', false);
  }, 90_000);
});

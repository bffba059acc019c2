import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitWithin, freePort, type ServerProcess, spawnServer, waitUntilUp } from '../test/serverProcess.ts';
import { runCli } from './testing/runCli.ts';

let root: string;
let server: ServerProcess | null = null;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tapeline-dirmode-'));
});
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

/** `npm run cli -- …` on `dataDir`: its exit code and what it wrote to stderr. */
async function cli(args: string[], dataDir: string): Promise<{ code: number | null; stderr: string }> {
  const { code, stderr } = await runCli(args, { DATA_DIR: dataDir });
  return { code, stderr };
}

describe('DATA_DIR access', () => {
  it('the CLI warns about a world-readable DATA_DIR; a server start makes it 0700', {
    timeout: 120_000,
  }, async () => {
    const dataDir = path.join(root, 'data');
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);

    const loose = await cli(['user:role', 'nobody@example.com', 'mod'], dataDir);
    expect(loose.code).toBe(1);
    expect(loose.stderr).toContain(`DATA_DIR ${dataDir} is accessible to other users (mode 755)`);

    const port = await freePort();
    server = spawnServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MARKET_FEED: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(root, 'no-web'),
    });
    await waitUntilUp(server, `http://127.0.0.1:${port}/api/health`, 60_000);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, 'secrets', 'jwt_secret'))).mode & 0o777).toBe(0o600);
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);

    const tight = await cli(['user:role', 'nobody@example.com', 'mod'], dataDir);
    expect(tight).toEqual({ code: 1, stderr: 'No user with email nobody@example.com\n' });
  });
});

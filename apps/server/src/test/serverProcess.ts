import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The repository root, where the server and the CLI are run from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/** A port nothing listens on right now: bound on 0, read, released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The real server as production starts it (`npm run start:prod`): the built bundle, which the
 * project's globalSetup builds once per run (test/serverBuild.ts), with no tsx compiling the
 * source at start in the process and each of its threads. Only `env` and a minimal PATH/HOME
 * reach it, so a developer's own DATABASE_URL or SMTP_URL never leaks into the test. The source
 * path through tsx is `npm start`'s (productionBuild.test.ts) and every in-process test app's.
 */
export function spawnServer(env: Record<string, string>, args: string[] = []): ServerProcess {
  return spawnCommand(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js', ...args], env);
}

/** The CLI of a production install (`node apps/server/dist/cli.js …`, as `npm run cli -- …`). */
export function spawnCli(args: string[], env: Record<string, string>): ServerProcess {
  return spawnCommand(process.execPath, ['--enable-source-maps', 'apps/server/dist/cli.js', ...args], env);
}

/** A command run from the repository root as a user types it (`npm start`), with only `env`. */
export function spawnCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { group?: boolean } = {},
): ServerProcess {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    // Its own process group, so a failed test can end the command and what it started at once.
    detached: options.group ?? false,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Polls `url` until it answers 200, or fails with what the process said. */
export async function waitUntilUp(proc: ServerProcess, url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void proc.exited.then(() => {
    ended = true;
  });
  while (Date.now() < deadline && !ended) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} never came up:\n${proc.stdout()}\n${proc.stderr()}`);
}

/** The exit code, or a failure when the process is still running after `ms`. */
export function exitWithin(proc: ServerProcess, ms: number): Promise<number | string> {
  return Promise.race([
    proc.exited,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms).unref(),
    ),
  ]);
}

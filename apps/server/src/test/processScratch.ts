import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ServerProcess } from './serverProcess.ts';

/**
 * A file's scratch folder and the processes it starts: made before its tests, each process
 * killed after each test (a failed test must not leave a server behind), the folder removed at
 * the end. `dir()` is readable from `beforeAll` on.
 */
export function processScratch(prefix: string): { dir: () => string; running: ServerProcess[] } {
  let dir = '';
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterEach(() => {
    for (const proc of running.splice(0)) {
      if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, running };
}

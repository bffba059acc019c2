import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryLockDataDir } from './dataDirLock.ts';
import { dataDirLockPath, runDir } from './paths.ts';

let root: string;
let n = 0;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tapeline-lock-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A data dir whose lock file already holds `content`. */
async function withLock(content: string): Promise<string> {
  n += 1;
  const dir = path.join(root, `d${n}`);
  await mkdir(runDir(dir), { recursive: true });
  await writeFile(dataDirLockPath(dir), content);
  return dir;
}

const startOf = async (pid: number) => {
  const line = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return line ? (line.slice(line.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
};

describe('the DATA_DIR lock', () => {
  it('is taken, released, and written 0600 inside a 0700 run dir', async () => {
    const dir = path.join(root, 'fresh');
    const result = await tryLockDataDir(dir, 'cli');
    if (!('lock' in result)) throw new Error('expected the lock');
    expect(JSON.parse(await readFile(dataDirLockPath(dir), 'utf8'))).toMatchObject({
      pid: process.pid,
      holder: 'cli',
    });
    expect((await stat(dataDirLockPath(dir))).mode & 0o777).toBe(0o600);
    expect((await stat(runDir(dir))).mode & 0o777).toBe(0o700);
    await result.lock.release();
    await expect(readFile(dataDirLockPath(dir))).rejects.toThrow();
  });

  it('is refused while another live process holds it', async () => {
    const pid = process.ppid;
    const dir = await withLock(
      JSON.stringify({ pid, holder: 'server', nonce: 'x', started: await startOf(pid) }),
    );
    expect(await tryLockDataDir(dir, 'cli')).toEqual({
      heldBy: expect.objectContaining({ pid, holder: 'server' }),
    });
  });

  it('reclaims a lock whose process is gone, or whose pid now belongs to another process', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const gone = await withLock(JSON.stringify({ pid: dead, holder: 'server', nonce: 'x', started: '1' }));
    expect('lock' in (await tryLockDataDir(gone, 'cli'))).toBe(true);
    const recycled = await withLock(
      JSON.stringify({ pid: process.ppid, holder: 'server', nonce: 'x', started: '1' }),
    );
    expect('lock' in (await tryLockDataDir(recycled, 'server'))).toBe(true);
  });

  it('waits on a half-written lock, but not forever', async () => {
    const dir = await withLock('');
    expect('heldBy' in (await tryLockDataDir(dir, 'cli'))).toBe(true);
    const old = new Date(Date.now() - 60_000);
    await utimes(dataDirLockPath(dir), old, old);
    expect('lock' in (await tryLockDataDir(dir, 'cli'))).toBe(true);
  });
});

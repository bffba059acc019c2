import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { dataDirLockPath, runDir } from './paths.ts';

/**
 * Embedded PGlite must only ever be opened by one process: two writers corrupt it. Whoever
 * opens DATA_DIR/pglite (the server for its lifetime, the CLI for one command) first holds
 * DATA_DIR/run/pglite.lock, created with O_EXCL.
 */
export interface LockInfo {
  pid: number;
  holder: 'server' | 'cli';
  nonce: string;
  /** The holder's start time from /proc (Linux), so a recycled pid is not mistaken for it. */
  started: string | null;
}

export interface DataDirLock {
  info: LockInfo;
  release(): Promise<void>;
}

const HALF_WRITTEN_GRACE_MS = 5_000;

async function startTimeOf(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the parenthesised command name, which may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Alive and the same process that wrote the lock (a container restart reuses small pids). */
async function isHeld(info: LockInfo): Promise<boolean> {
  if (info.pid === process.pid) return false;
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!info.started) return true;
  const now = await startTimeOf(info.pid);
  return now === null || now === info.started;
}

async function readLock(file: string): Promise<LockInfo | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/** The lock, or the live holder's info when another process has it. Never waits. */
export async function tryLockDataDir(
  dataDir: string,
  holder: LockInfo['holder'],
): Promise<{ lock: DataDirLock } | { heldBy: LockInfo }> {
  await mkdir(runDir(dataDir), { recursive: true, mode: 0o700 });
  const file = dataDirLockPath(dataDir);
  const info: LockInfo = {
    pid: process.pid,
    holder,
    nonce: randomBytes(8).toString('hex'),
    started: await startTimeOf(process.pid),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(info));
      await handle.close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = await readLock(file);
      if (!current) {
        // Half-written: its writer is between open and write, or died there (then it is stale).
        const age = Date.now() - ((await stat(file).catch(() => null))?.mtimeMs ?? 0);
        if (age < HALF_WRITTEN_GRACE_MS)
          return { heldBy: { pid: 0, holder: 'cli', nonce: '', started: null } };
      } else if (await isHeld(current)) {
        return { heldBy: current };
      }
      await unlink(file).catch(() => {});
      continue;
    }
    // Two processes clearing the same stale lock could each delete the other's fresh one;
    // reading it back after a beat makes the loser see the winner and back off.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const check = await readLock(file);
    if (check?.nonce !== info.nonce) return { heldBy: check ?? info };
    return {
      lock: {
        info,
        async release() {
          const still = await readLock(file);
          if (still?.nonce === info.nonce) await unlink(file).catch(() => {});
        },
      },
    };
  }
  throw new Error(`could not take ${file}`);
}

/** Waits (polling) up to `waitMs` for the lock, e.g. while a CLI command finishes. */
export async function lockDataDir(
  dataDir: string,
  holder: LockInfo['holder'],
  waitMs: number,
): Promise<DataDirLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const result = await tryLockDataDir(dataDir, holder);
    if ('lock' in result) return result.lock;
    if (Date.now() >= deadline || result.heldBy.holder === 'server') {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by another Tapeline ${result.heldBy.holder} (pid ${result.heldBy.pid}); ` +
          'embedded PGlite allows one process at a time',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

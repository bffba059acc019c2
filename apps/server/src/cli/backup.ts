import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import { tryLockDataDir } from './dataDirLock.ts';
import type { ChannelResponse } from './protocol.ts';

export const PG_DUMP_HINT =
  'backup and restore are for the embedded database; with DATABASE_URL use pg_dump / pg_restore (docs/operations.md "Backups")';

/** Why `backup` cannot run with this configuration (the Postgres server has pg_dump), or null. */
export function backupRefusal(config: Pick<Config, 'databaseUrl'>): string | null {
  return config.databaseUrl ? PG_DUMP_HINT : null;
}

/**
 * Writes PGlite's own dump of the open database (`dumpDataDir`: a gzipped tarball of its data
 * directory, taken between queries, so consistent) to `file`, owner-only, through a temporary
 * name so a half-written backup never carries the final name.
 */
export async function backupTo(db: Db, file: string): Promise<ChannelResponse> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return { ok: false, error: 'bad_request', message: PG_DUMP_HINT };
  const dump = await client.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
  await rename(partial, file);
  return { ok: true, backup: { file, bytes: bytes.length } };
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * `restore <file>`: a backup into a DATA_DIR that holds no database yet, with no server running
 * (the data-dir lock is taken for the duration). Returns what it restored, or throws saying why not.
 */
export async function restoreFrom(config: Config, file: string): Promise<{ users: number }> {
  if (config.databaseUrl) throw new Error(PG_DUMP_HINT);
  const bytes = await readFile(file);
  const attempt = await tryLockDataDir(config.dataDir, 'cli');
  if (!('lock' in attempt)) {
    throw new Error(
      `DATA_DIR ${config.dataDir} is in use by a ${attempt.heldBy.holder} (pid ${attempt.heldBy.pid}): stop it first`,
    );
  }
  const dir = path.join(config.dataDir, 'pglite');
  try {
    if (!(await isEmptyDir(dir))) {
      throw new Error(
        `${dir} already holds a database: restore into an empty DATA_DIR (move this one aside)`,
      );
    }
    let db: PGlite | null = null;
    try {
      db = await PGlite.create(dir, { loadDataDir: new Blob([bytes]) });
      const users = await db.query<{ n: number }>('select count(*)::int as n from users');
      return { users: users.rows[0]?.n ?? 0 };
    } catch (error) {
      await db?.close();
      db = null;
      await rm(dir, { recursive: true, force: true });
      throw new Error(`${file} is not a Tapeline backup: ${(error as Error).message}`);
    } finally {
      await db?.close();
    }
  } finally {
    await attempt.lock.release();
  }
}

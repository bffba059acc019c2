import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../build.ts';
import * as schema from './schema.ts';

/** One query surface for both drivers: repositories never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /**
   * `template`: a new database (in memory, or an empty `dir`) starts from this dump of an already migrated one
   * (`dumpDataDir`), skipping initdb and most of the migrations (the test harness, ~4× faster).
   */
  | { kind: 'pglite'; dir: string | null; template?: Blob };

/** Opens the database and applies pending migrations before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client whose connection the server ends (restart, failover, a dropped test
    // database) is removed by the pool and replaced on the next query; unhandled, the event
    // would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    try {
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }
  if (target.dir) await mkdir(target.dir, { recursive: true });
  const start = target.template ? { loadDataDir: target.template } : {};
  const client = target.dir ? await PGlite.create(target.dir, start) : await PGlite.create(start);
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../platform/db/client.ts';
import { pgliteTemplate } from './pgliteTemplate.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database this run of the server suite uses; scripts/test.mjs runs it once per kind. */
export function testDbKind(): TestDbKind {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a throwaway database on
 * the Postgres server that is dropped on close.
 */
export async function openTestDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dir: null, template: await pgliteTemplate() });
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  const name = `tapeline_t_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

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
 * An empty throwaway database on the Postgres server (TEST_DATABASE_URL): its URL, and `drop`
 * (which ends whatever is still connected). Not migrated: a server or CLI given the URL migrates it.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tapeline_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a throwaway database on
 * the Postgres server that is dropped on close.
 */
export async function openTestDatabase(kind: TestDbKind = testDbKind()): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dir: null, template: await pgliteTemplate() });
  const server = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: server.url });
  return {
    ...database,
    async close() {
      await database.close();
      await server.drop();
    },
  };
}

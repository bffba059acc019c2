import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/factories.ts';
import { createPostgresDatabase } from '../test/testDatabase.ts';
import { runCli as cli } from './testing/runCli.ts';

// Runs in the Postgres-server pass only (test/postgresPass.ts): the CLI's DATABASE_URL path.
const SLOW = { timeout: 120_000 };
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tapeline-cli-pg-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm run cli -- user:role (DATABASE_URL)', () => {
  it('talks to Postgres directly', SLOW, async () => {
    const database = await createPostgresDatabase();
    // A plain client (ended and awaited) rather than a pool: nothing is left for the drop to cut.
    const direct = new pg.Client({ connectionString: database.url });
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: path.join(root, 'pg-unused') };
      // The first run also migrates the empty database.
      expect(await cli(['user:role', 'nobody@example.com', 'admin'], env)).toMatchObject({ code: 1 });
      await direct.connect();
      const email = uniqueEmail('pg-admin');
      await direct.query('INSERT INTO users (email, email_verified) VALUES ($1, true)', [email]);
      expect(await cli(['user:role', email, 'admin'], env)).toMatchObject({ code: 0 });
      const { rows } = await direct.query('SELECT role FROM users WHERE email = $1', [email]);
      expect(rows).toEqual([{ role: 'admin' }]);
      await expect(stat(path.join(root, 'pg-unused'))).rejects.toThrow();
    } finally {
      await direct.end().catch(() => {});
      await database.drop();
    }
  });
});

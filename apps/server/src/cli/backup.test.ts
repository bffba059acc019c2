import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { chatMessages } from '../platform/db/chatSchema.ts';
import { openDatabase } from '../platform/db/client.ts';
import { alertHistory, users } from '../platform/db/schema.ts';
import { uniqueEmail } from '../test/factories.ts';
import { pgliteTemplate } from '../test/pgliteTemplate.ts';
import { processScratch } from '../test/processScratch.ts';
import { exitWithin, freePort, spawnServer, waitUntilUp } from '../test/serverProcess.ts';
import { backupRefusal } from './backup.ts';
import { runCli as cli } from './testing/runCli.ts';

// backup while the server runs (through its admin socket: it holds the embedded database),
// then restore into an empty DATA_DIR with nothing running, and every row is there.

const scratch = processScratch('tapeline-backup-');
const { running } = scratch;

const SLOW = { timeout: 180_000 };

/** Users, alerts and chat messages written straight into a fresh DATA_DIR's database. */
async function seed(dataDir: string) {
  // From the harness's migrated template: skips initdb and the migrations (~8 s of CPU).
  const template = await pgliteTemplate();
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite'), template });
  try {
    const { db } = database;
    const made = await db
      .insert(users)
      .values([0, 1, 2].map((i) => ({ email: uniqueEmail(`backup${i}`), emailVerified: true })))
      .returning({ id: users.id, email: users.email });
    const now = new Date();
    await db.insert(alertHistory).values(made.map((u, i) => ({ userId: u.id, msg: `AAPL new high ${i}` })));
    await db.insert(chatMessages).values(
      made.map((u, i) => ({
        channelId: 'general',
        userId: u.id,
        text: `hello ${i}`,
        content: `<p>hello ${i}</p>`,
        createdAt: now,
      })),
    );
    // What rowsOf reads back, from what was written (not a second PGlite opened to read it).
    return {
      users: made.map((u) => u.email).sort(),
      alerts: made.map((_, i) => `AAPL new high ${i}`).sort(),
      chat: made.map((_, i) => `hello ${i}`).sort(),
    };
  } finally {
    await database.close();
  }
}

async function rowsOf(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const pick = async (sql: string) => (await db.query<{ v: string }>(sql)).rows.map((r) => r.v).sort();
    return {
      users: await pick('select email as v from users'),
      alerts: await pick('select msg as v from alert_history'),
      chat: await pick('select text as v from chat_messages'),
    };
  } finally {
    await db.close();
  }
}

describe('npm run cli -- backup / restore (embedded PGlite)', () => {
  it(
    'backs up a running server and restores into an empty DATA_DIR with every user, alert and message',
    SLOW,
    async () => {
      const source = path.join(scratch.dir(), 'source');
      const seeded = await seed(source);
      expect(seeded.users).toHaveLength(3);

      const port = await freePort();
      const server = spawnServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: source,
        MARKET_FEED: 'off',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(scratch.dir(), 'no-web'),
      });
      running.push(server);
      await waitUntilUp(server, `http://127.0.0.1:${port}/api/health`, 60_000);

      const file = path.join(scratch.dir(), 'tapeline.backup.tar.gz');
      const backup = await cli(['backup', file], { DATA_DIR: source });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup written to ${file}`);
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      // A restore refuses a DATA_DIR in use (and one holding a database: backup.ts).
      const busy = await cli(['restore', file], { DATA_DIR: source });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('stop it first');
      server.child.kill('SIGTERM');
      expect(await exitWithin(server, 15_000)).toBe(0);
      const target = path.join(scratch.dir(), 'target');
      const restore = await cli(['restore', file], { DATA_DIR: target });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('(3 users)');
      expect(await rowsOf(target)).toEqual(seeded);
    },
  );

  // Decided before anything is opened (cli.ts prints it and exits 1): no process needed to prove it.
  it('points to pg_dump with DATABASE_URL', () => {
    expect(backupRefusal({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).toContain('pg_dump');
    expect(backupRefusal({ databaseUrl: undefined })).toBeNull();
  });
});

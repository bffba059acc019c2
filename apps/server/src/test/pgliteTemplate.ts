import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../platform/db/client.ts';

// Every server test file opens a fresh in-memory PGlite. Creating one runs initdb and then every
// migration, several seconds each time on a busy two-core machine; loading a dump of a database
// that already ran them takes a fraction of that (docs/testing.md). The dump is made once per
// set of migrations and PGlite version, and each file still gets its own database: the dump is
// read-only input, and `openDatabase` applies any migration the dump lacks as usual.

const root = path.resolve(import.meta.dirname, '../../../..');
const migrationsFolder = path.join(import.meta.dirname, '../platform/db/migrations');

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    await readFile(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await readFile(full));
    }
  };
  await walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

const templateFile = async () => path.join(root, '.tmp/pglite-template', `${await templateKey()}.tar`);

/** Makes the dump when this set of migrations has none yet (vitest globalSetup, once a run). */
export async function ensurePgliteTemplate(): Promise<void> {
  const file = await templateFile();
  try {
    await readFile(file);
    return;
  } catch {
    // not made yet
  }
  const database = await openDatabase({ kind: 'pglite', dir: null });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  await mkdir(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a reader never sees half a dump.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

/** The dump, or undefined when none was made (a single file run outside the server project). */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(await templateFile())]);
  } catch {
    return undefined;
  }
}

/**
 * A DATA_DIR whose embedded database starts from the dump, for a server a test spawns: the start
 * the test waits on is then the server's own, not initdb and every migration (~8 s of CPU, over
 * 40 s on a loaded machine). A fresh DATA_DIR's first start is the e2e server's.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const database = await openDatabase({
    kind: 'pglite',
    dir: path.join(dataDir, 'pglite'),
    template: await pgliteTemplate(),
  });
  await database.close();
}

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_DIR } from './mailbox.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run cli -- user:role <email> <role>` against the e2e server's data directory, from the
 * same build as the server (`node apps/server/dist/cli.js`: no npm, no tsx start per call). While
 * the server holds the embedded database the CLI goes through the server's local channel.
 */
export async function setRole(email: string, role: 'admin' | 'mod' | 'trader'): Promise<string> {
  const { stdout } = await run(process.execPath, ['apps/server/dist/cli.js', 'user:role', email, role], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(E2E_DIR, 'data'), DATABASE_URL: '', REDIS_URL: '' },
    timeout: 60_000,
  });
  return stdout;
}

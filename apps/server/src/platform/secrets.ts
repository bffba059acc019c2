import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Embedded mode generates its secrets once and keeps them in DATA_DIR, so tokens survive a
 * restart without the operator having to configure anything.
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, 'secrets', name);
  try {
    const value = (await readFile(file, 'utf8')).trim();
    // A copied or restored secret may have lost its mode: anyone who reads it can mint tokens.
    if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
    if (value.length >= 32) return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = randomBytes(48).toString('base64url');
  await writeFile(file, `${value}\n`, { mode: 0o600 });
  return value;
}

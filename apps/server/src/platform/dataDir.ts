import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Owner only: DATA_DIR holds the embedded database, the JWT secret and the admin socket. */
const DIR_MODE = 0o700;
const SECRET_MODE = 0o600;
const GROUP_OR_WORLD = 0o077;

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(3, '0');

/**
 * Run at every start: creates DATA_DIR owner-only, or takes group and world access away from
 * one that exists (mkdir's mode applies only to a new directory, and a restore or a umask may
 * have widened it). Secret files already there become 0600, their directory 0700.
 */
export async function secureDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: DIR_MODE });
  await chmod(dataDir, DIR_MODE);
  const secrets = path.join(dataDir, 'secrets');
  let names: string[];
  try {
    names = await readdir(secrets);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await chmod(secrets, DIR_MODE);
  for (const name of names) await chmod(path.join(secrets, name), SECRET_MODE);
}

/**
 * The CLI's warning when DATA_DIR lets other OS users in (the server fixes it at its next
 * start; the CLI only reports, as it may run as another user than the server). Null when the
 * directory is owner-only or does not exist.
 */
export async function dataDirAccessWarning(dataDir: string): Promise<string | null> {
  let mode: number;
  try {
    mode = (await stat(dataDir)).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if ((mode & GROUP_OR_WORLD) === 0) return null;
  return `Warning: DATA_DIR ${dataDir} is accessible to other users (mode ${octal(mode)}); it holds the database and secrets. Run: chmod 700 ${dataDir}`;
}

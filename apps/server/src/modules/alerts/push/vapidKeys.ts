import { createECDH, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../../platform/config.ts';

/** What signs every push: the key pair browsers subscribed with, and the contact in the JWT. */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const VAPID_KEYS_FILE = 'vapid_keys.json';

function matches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url') === publicKey;
  } catch {
    return false;
  }
}

async function readKeys(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // A copied or restored file may have lost its mode: whoever reads it can push as this app.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  const keys = (() => {
    try {
      return JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    } catch {
      return {};
    }
  })();
  const { publicKey, privateKey } = keys;
  // Regenerating would silently orphan every browser's subscription: make the operator decide.
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string' || !matches(publicKey, privateKey)) {
    throw new Error(
      `${file} does not hold a matching VAPID key pair; restore it, or delete it to generate new keys ` +
        '(every browser then has to turn push notifications on again)',
    );
  }
  return { publicKey, privateKey };
}

/**
 * The configured VAPID keys, or the ones generated into DATA_DIR/secrets on the first start and
 * read back on every later one: a new pair would invalidate every subscription, so they are
 * generated once. Nodes that share no DATA_DIR must be given VAPID_* (as they are JWT_SECRET).
 */
export async function loadVapidKeys(config: Config): Promise<VapidDetails> {
  const { subject } = config.push;
  if (config.push.vapidKeys) return { ...config.push.vapidKeys, subject };
  const file = path.join(config.dataDir, 'secrets', VAPID_KEYS_FILE);
  const existing = await readKeys(file);
  if (existing) return { ...existing, subject };
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const generated = webpush.generateVAPIDKeys();
  // Written aside and linked into place: the file appears whole or not at all, and when two
  // processes start on one DATA_DIR at once the second finds the first's pair and uses it.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${JSON.stringify(generated)}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeys(file);
    if (winner) return { ...winner, subject };
  } finally {
    await unlink(draft);
  }
  return { ...generated, subject };
}

const loaded = new WeakMap<Config, Promise<VapidDetails>>();

/** One load per app (its config), shared by the key route and the sender. */
export function vapidKeysOf(config: Config): Promise<VapidDetails> {
  let keys = loaded.get(config);
  if (!keys) {
    keys = loadVapidKeys(config);
    loaded.set(config, keys);
  }
  return keys;
}

import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pushKeyAnswerSchema, pushMessages } from '@tapeline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../../platform/config.ts';
import { seedSubscriber } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/testApp.ts';
import { loadVapidKeys, VAPID_KEYS_FILE } from './vapidKeys.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tapeline-vapid-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function keyOf(app: TestApp): Promise<string> {
  const { token } = await seedSubscriber(app);
  const res = await app.call('GET', '/api/alerts/push/key', { token });
  expect(res.status).toBe(200);
  return pushKeyAnswerSchema.parse(res.body).publicKey;
}

/** The app on `dataDir`, closed after `use` whatever happens. */
async function withAppOn<T>(env: Record<string, string>, use: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp({ mail: 'outbox', env: { DATA_DIR: dataDir, ...env } });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR/secrets and reused by the next start', async () => {
    const first = await withAppOn({}, keyOf);
    const file = path.join(dataDir, 'secrets', VAPID_KEYS_FILE);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
    expect(stored.publicKey).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await withAppOn({}, keyOf);
    expect(second).toBe(first);
    // Two app starts: on a busy machine each can take a good part of the default 30 s.
  }, 120_000);

  it('come from VAPID_* when set, and the generated file is left alone', async () => {
    const keys = webpush.generateVAPIDKeys();
    const before = await readFile(path.join(dataDir, 'secrets', VAPID_KEYS_FILE), 'utf8');
    const answered = await withAppOn(
      { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
      keyOf,
    );
    expect(answered).toBe(keys.publicKey);
    expect(await readFile(path.join(dataDir, 'secrets', VAPID_KEYS_FILE), 'utf8')).toBe(before);
  }, 60_000);

  it('refuse a damaged key file rather than orphan every subscription with new keys', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tapeline-vapid-bad-'));
    try {
      const file = path.join(dir, 'secrets', VAPID_KEYS_FILE);
      await loadVapidKeys(loadConfig({ DATA_DIR: dir }));
      const other = webpush.generateVAPIDKeys();
      const { publicKey } = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string };
      await writeFile(file, JSON.stringify({ publicKey, privateKey: other.privateKey }));
      await expect(loadVapidKeys(loadConfig({ DATA_DIR: dir }))).rejects.toThrow(/matching VAPID key pair/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sign for the configured subject, or the https app URL, or the mail sender', () => {
    const subject = (env: Record<string, string>) => loadConfig(env).push.subject;
    expect(subject({ VAPID_SUBJECT: 'mailto:ops@tapeline.example' })).toBe('mailto:ops@tapeline.example');
    expect(subject({ APP_URL: 'https://tapeline.example/' })).toBe('https://tapeline.example');
    expect(subject({ APP_URL: 'http://tapeline.example', MAIL_FROM: 'Desk <desk@tapeline.example>' })).toBe(
      'mailto:desk@tapeline.example',
    );
    expect(subject({ APP_URL: 'https://localhost:8443' })).toBe('mailto:no-reply@tapeline.local');
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey }, /VAPID_PRIVATE_KEY: set both/],
    [{ VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey }, /VAPID_PUBLIC_KEY: set both/],
    [
      {
        VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey,
        VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey,
      },
      /VAPID_PUBLIC_KEY: is not the public key/,
    ],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'short' }, /VAPID_PUBLIC_KEY: must be 65 bytes/],
    [{ VAPID_SUBJECT: 'ops@tapeline.example' }, /VAPID_SUBJECT: must be a mailto:/],
    [{ VAPID_SUBJECT: 'http://tapeline.example' }, /VAPID_SUBJECT: must be a mailto:/],
    [{ PUSH_ALLOW_INSECURE: 'true', NODE_ENV: 'production' }, /PUSH_ALLOW_INSECURE: .*production/],
  ])('refuse a bad setting at start: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('without PUSH_ALLOW_INSECURE', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ mail: 'outbox' });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    'http://push.example/send/abc',
    'https://127.0.0.1/push/abc',
    'https://[::1]/push/abc',
    'https://10.1.2.3/push/abc',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/push/abc',
    'https://push.localhost/abc',
    'https://0x7f.1/push/abc',
  ])('refuses the endpoint %s (https to a public host only)', async (endpoint) => {
    const { token } = await seedSubscriber(app);
    const { keys } = webpushSubscription();
    const res = await app.call('POST', '/api/alerts/device/webpush', {
      token,
      body: { registration_id: JSON.stringify({ endpoint, keys }) },
    });
    expect(res).toMatchObject({ status: 400, body: { message: pushMessages.insecureEndpoint } });
  });

  // A public address literal: a name is resolved at save, and names are proven with an injected
  // lookup in registerDevice.test.ts (no DNS query leaves a test machine).
  it('accepts an https endpoint at a public address', async () => {
    const { token } = await seedSubscriber(app);
    const res = await app.call('POST', '/api/alerts/device/webpush', {
      token,
      body: { registration_id: JSON.stringify(webpushSubscription()) },
    });
    expect(res.status).toBe(200);
  });
});

/** A browser's subscription to a public push service (never called by these tests). */
function webpushSubscription() {
  const { publicKey } = webpush.generateVAPIDKeys();
  return {
    endpoint: 'https://142.250.80.10/fcm/send/abc:def',
    expirationTime: null,
    keys: { p256dh: publicKey, auth: Buffer.alloc(16, 7).toString('base64url') },
  };
}

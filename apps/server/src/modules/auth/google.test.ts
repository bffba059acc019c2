import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, uniqueEmail } from '../../test/factories.ts';
import { FAKE_GOOGLE_CLIENT_ID, type GoogleFake, startGoogleFake } from '../../test/googleFake.ts';
import { login, me, type Session } from '../../test/helpers.ts';
import { startTestApp, type TestApp } from '../../test/testApp.ts';
import { withApp } from '../../test/withApp.ts';

let google: GoogleFake;
beforeAll(async () => {
  google = await startGoogleFake();
});
afterAll(async () => {
  await google?.close();
});
// Registered after the fake starts (hooks run in order) and closed before it (in reverse).
const app = withApp(() => ({
  env: { GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl },
}));

function signIn(target: TestApp, id_token: unknown) {
  return target.call<Session & { error?: string }>('POST', '/api/auth/google', { body: { id_token } });
}

const failed = { error: 'google_failed', message: 'Failed to sign in with Google, please try again' };
const sub = () => `g-${randomUUID()}`;

describe('POST /api/auth/google', () => {
  it('creates a verified user for a new Google identity, and finds it again by sub', async () => {
    const email = uniqueEmail('google');
    const id = sub();
    const first = await signIn(app, await google.idToken({ sub: id, email }));
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email, email_verified: true });
    expect((await me(app, first.body.access_token)).body).toMatchObject({ user: { id: first.body.user.id } });

    // Google may report another address later; the account is keyed by sub.
    const again = await signIn(app, await google.idToken({ sub: id, email: uniqueEmail('renamed') }));
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('links a verified password account with the same address and keeps its password', async () => {
    const seeded = await seedUser(app, { emailVerified: true });
    const res = await signIn(app, await google.idToken({ sub: sub(), email: seeded.email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: seeded.user.id, email: seeded.email, email_verified: true });
    expect((await login(app, seeded.email, seeded.password)).status).toBe(200);
    expect((await me(app, seeded.token)).status).toBe(200);
  });

  it('links an unverified password account but drops the unproven password and its sessions', async () => {
    const seeded = await seedUser(app, { emailVerified: false });
    const res = await signIn(app, await google.idToken({ sub: sub(), email: seeded.email }));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: seeded.user.id, email_verified: true });

    const pw = await login(app, seeded.email, seeded.password);
    expect(pw.status).toBe(400);
    expect(pw.body).toMatchObject({ error: 'invalid_password' });
    expect((await me(app, seeded.token)).status).toBe(401);
    expect((await me(app, res.body.access_token)).status).toBe(200);
  });

  it('refuses a second Google identity for an address already linked to another', async () => {
    const email = uniqueEmail('linked');
    expect((await signIn(app, await google.idToken({ sub: sub(), email }))).status).toBe(200);
    const res = await signIn(app, await google.idToken({ sub: sub(), email }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed);
  });

  it('refuses an address Google has not verified, and creates nobody', async () => {
    const email = uniqueEmail('unverified');
    const res = await signIn(app, await google.idToken({ sub: sub(), email, email_verified: false }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed);
    expect((await login(app, email, 'anything-at-all')).status).toBe(404);
  });

  it.each<[string, () => Promise<unknown>]>([
    ['another audience', () => google.idToken({ sub: sub(), email: uniqueEmail(), aud: 'someone-else' })],
    ['another issuer', () => google.idToken({ sub: sub(), email: uniqueEmail(), iss: 'https://evil.test' })],
    ['a forged signature', () => google.forgedIdToken({ sub: sub(), email: uniqueEmail() })],
    [
      'an expired token',
      () => google.idToken({ sub: sub(), email: uniqueEmail(), exp: Math.floor(Date.now() / 1000) - 60 }),
    ],
    ['a garbage string', async () => 'not-a-jwt'],
    ['an empty string', async () => ''],
    ['a number', async () => 42],
    ['no email claim', () => google.idToken({ sub: sub() })],
  ])('answers google_failed for %s', async (_label, make) => {
    const res = await signIn(app, await make());
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failed);
  });

  it('answers google_failed when Google sign-in is not configured', async () => {
    const bare = await startTestApp({ mail: 'outbox' });
    try {
      const res = await signIn(bare, await google.idToken({ sub: sub(), email: uniqueEmail() }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failed);
      expect((await bare.call('GET', '/api/config')).body).toMatchObject({ google_client_id: null });
    } finally {
      await bare.close();
    }
  });
});

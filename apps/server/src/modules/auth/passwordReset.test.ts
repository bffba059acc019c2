import { messages, RESET_TOKEN_TTL_MS } from '@tapeline/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser, uniqueEmail } from '../../test/factories.ts';
import { linkIn, login, mailAfter, me } from '../../test/helpers.ts';
import { TEST_APP_URL } from '../../test/testApp.ts';
import { withApp } from '../../test/withApp.ts';

const NEW_PASSWORD = 'brand-new-password';

const app = withApp();

/** Asks for a reset link for `email` and returns the token it carries. */
async function resetToken(email: string): Promise<string> {
  const mail = await mailAfter(app, email, async () => {
    const res = await app.call('POST', '/api/auth/forgot_password', { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });
  const link = linkIn(mail, '/reset-password?token=');
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

function reset(token: string, password = NEW_PASSWORD) {
  return app.call('POST', '/api/auth/reset_password', { body: { token, password } });
}

const invalidToken = { error: 'invalid_token', message: messages.resetInvalid };

describe('POST /api/auth/forgot_password', () => {
  it('mails a reset link built from APP_URL', async () => {
    const { email } = await seedUser(app);
    const mail = await mailAfter(app, email, () =>
      app.call('POST', '/api/auth/forgot_password', { body: { email: email.toUpperCase() } }),
    );
    const link = linkIn(mail, '/reset-password');
    expect(link).toMatch(new RegExp(`^${TEST_APP_URL}/reset-password\\?token=[A-Za-z0-9_-]{22,}$`));
  });

  it('answers no_user for an unknown address', async () => {
    const res = await app.call('POST', '/api/auth/forgot_password', { body: { email: uniqueEmail('none') } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'no_user', message: 'Email address is not registered' });
  });

  it.each(['nope', '', 'a@b'])('answers invalid_email for "%s"', async (email) => {
    const res = await app.call('POST', '/api/auth/forgot_password', { body: { email } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_email', message: messages.invalidEmail });
  });
});

describe('POST /api/auth/reset_password', () => {
  let seeded: SeededUser;
  let token: string;
  beforeAll(async () => {
    seeded = await seedUser(app);
    token = await resetToken(seeded.email);
  });

  it('sets the new password and ends every earlier session', async () => {
    expect((await me(app, seeded.token)).status).toBe(200);
    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await login(app, seeded.email, seeded.password)).body).toMatchObject({
      error: 'invalid_password',
    });
    const fresh = await login(app, seeded.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect((await me(app, fresh.body.access_token)).status).toBe(200);

    const stale = await me(app, seeded.token);
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ error: 'Invalid access_token' });
  });

  it('refuses the same token a second time and changes nothing', async () => {
    const res = await reset(token, 'yet-another-password');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidToken);
    expect((await login(app, seeded.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('retires other outstanding reset links once one is used', async () => {
    const { email } = await seedUser(app);
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect((await reset(second)).status).toBe(200);
    expect((await reset(first, 'sneaky-password')).body).toEqual(invalidToken);
  });

  it.each(['unknown-token', 'A'.repeat(43), ''])('refuses an unknown token "%s"', async (bad) => {
    const res = await reset(bad);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidToken);
  });

  it('refuses a password under 8 characters and leaves the token usable', async () => {
    const user = await seedUser(app);
    const fresh = await resetToken(user.email);
    const short = await reset(fresh, 'short');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'invalid_content' });
    expect((await login(app, user.email, user.password)).status).toBe(200);
    expect((await me(app, user.token)).status).toBe(200);

    expect((await reset(fresh)).status).toBe(200);
    expect((await login(app, user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('verifies an unverified account, since the mail proved the address', async () => {
    const user = await seedUser(app, { emailVerified: false });
    expect((await reset(await resetToken(user.email))).status).toBe(200);
    expect((await login(app, user.email, NEW_PASSWORD)).body.user).toMatchObject({ email_verified: true });
  });

  // Moves the app's clock forward for good, so it runs last.
  it('answers link_expired once an hour has passed', async () => {
    const user = await seedUser(app);
    const early = await resetToken(user.email);
    const other = await seedUser(app);
    const late = await resetToken(other.email);
    app.clock.advance(RESET_TOKEN_TTL_MS - 60_000);
    expect((await reset(early)).status).toBe(200);

    app.clock.advance(60_000 + 1000);
    const res = await reset(late);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'link_expired', message: messages.resetInvalid });
    expect((await login(app, other.email, other.password)).status).toBe(200);
  });
});

import { messages } from '@tapeline/core';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { seedUser, uniqueEmail } from '../../test/factories.ts';
import { login, me } from '../../test/helpers.ts';
import { withApp } from '../../test/withApp.ts';

const app = withApp();

describe('POST /api/auth/login', () => {
  it.each([
    ['a verified', true],
    ['an unverified', false],
  ])('signs in %s user with a token and the user, never a hash', async (_label, emailVerified) => {
    const { user, email, password } = await seedUser(app, { emailVerified });
    const res = await login(app, email, password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'user']);
    expect(res.body.user).toMatchObject({ id: user.id, email, email_verified: emailVerified });
    // Checked on the user alone: the random token could spell anything.
    expect(JSON.stringify(res.body.user)).not.toMatch(/argon2|password|hash/i);

    const who = await me(app, res.body.access_token);
    expect(who.status).toBe(200);
    expect(Object.keys(who.body)).toEqual(['user']);
    expect(who.body).toMatchObject({ user: { id: user.id, email, email_verified: emailVerified } });
  });

  it('answers email_not_found for an address nobody has', async () => {
    const res = await login(app, uniqueEmail('ghost'), 'whatever-password');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'email_not_found', message: messages.loginInvalidEmail });
  });

  it('answers invalid_password with the spec wording for a wrong password', async () => {
    const { email } = await seedUser(app);
    const res = await login(app, email, 'not-the-password');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_password', message: 'Invalid email or password' });
  });

  it.each([
    ['an empty email', { email: '', password: 'hunter2hunter2' }],
    ['a blank email', { email: '   ', password: 'hunter2hunter2' }],
    ['an empty password', { email: 'someone@example.com', password: '' }],
    ['a missing password', { email: 'someone@example.com' }],
  ])('answers empty_credentials for %s', async (_label, body) => {
    const res = await app.call('POST', '/api/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'empty_credentials', message: messages.loginEmpty });
  });

  it.each(['not-an-email', 'two@@example.com', 'no-tld@example', 'spaced out@example.com'])(
    'answers invalid_email for %s',
    async (email) => {
      const res = await login(app, email, 'hunter2hunter2');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_email', message: messages.invalidEmail });
    },
  );

  it('compares addresses case-insensitively and ignores surrounding spaces', async () => {
    const { user, email, password } = await seedUser(app, { email: uniqueEmail('casey') });
    const res = await login(app, `  ${email.toUpperCase()} `, password);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email });
  });
});

describe('GET /api/auth/user', () => {
  const invalid = { error: 'Invalid access_token' };

  it('refuses a request without an Authorization header', async () => {
    const res = await app.call('GET', '/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(invalid);
  });

  it.each([
    ['garbage', 'Bearer not.a.token'],
    ['a bare token without the Bearer scheme', 'abc'],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('refuses %s', async (_label, authorization) => {
    const res = await app.call('GET', '/api/auth/user', { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(invalid);
  });

  it('refuses a well-formed token signed with another secret', async () => {
    const { user } = await seedUser(app);
    const forged = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-000'));
    const res = await me(app, forged);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(invalid);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const { user } = await seedUser(app);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: user.id, ver: 0, exp })}.`;
    const res = await me(app, token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(invalid);
  });

  // Moves the app's clock forward for good, so it runs last.
  it('answers "access_token expired" once JWT_TTL_HOURS have passed', async () => {
    expect(app.ctx.config.jwtTtlMs).toBe(168 * 3600_000);
    const { token } = await seedUser(app);
    expect((await me(app, token)).status).toBe(200);

    app.clock.advance(app.ctx.config.jwtTtlMs - 60_000);
    expect((await me(app, token)).status).toBe(200);

    app.clock.advance(60_000 + 1000);
    const res = await me(app, token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'access_token expired' });
  });
});

import { messages } from '@tapeline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, uniqueEmail } from '../../test/factories.ts';
import { inbox, linkIn, login, mailAfter, me } from '../../test/helpers.ts';
import { startTestApp, type TestApp } from '../../test/testApp.ts';

interface UpdateAnswer {
  success?: true;
  user: { id: string; email: string; email_verified: boolean };
  access_token?: string;
  error?: string;
  message?: string;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function update(token: string | undefined, body: unknown) {
  return app.call<UpdateAnswer>('PUT', '/api/auth/user', { token, body });
}

describe('PUT /api/auth/user', () => {
  it('needs a valid token', async () => {
    const none = await update(undefined, { email: uniqueEmail() });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'Invalid access_token' });
    const bad = await update('nonsense', { email: uniqueEmail() });
    expect(bad.status).toBe(401);
  });

  it('changes the email, unverifies it and mails a link to the new address that verifies it', async () => {
    const seeded = await seedUser(app);
    const next = uniqueEmail('moved');
    let res: Awaited<ReturnType<typeof update>> | undefined;
    const mail = await mailAfter(app, next, async () => {
      res = await update(seeded.token, { email: next.toUpperCase() });
    });
    expect(res?.status).toBe(200);
    expect(res?.body).toMatchObject({ success: true, user: { id: seeded.user.id, email: next } });
    expect(res?.body.user.email_verified).toBe(false);
    expect(res?.body.access_token).toBeUndefined();
    expect(inbox(app).received.some((m) => m.to.includes(seeded.email))).toBe(false);

    // The old address no longer signs in; the new one does, with the same password.
    expect((await login(app, seeded.email, seeded.password)).status).toBe(404);
    expect((await login(app, next, seeded.password)).body.user).toMatchObject({ email_verified: false });

    const open = await app.call('GET', app.local(linkIn(mail, '/api/auth/verify_email/')));
    expect(open.headers.get('location')).toBe('/login');
    expect((await me(app, seeded.token)).body).toMatchObject({ user: { email: next, email_verified: true } });
  });

  it('makes a verification link sent to the previous address useless', async () => {
    const email = uniqueEmail('before');
    const signupMail = await mailAfter(app, email, () =>
      app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } }),
    );
    const session = await login(app, email, 'hunter2hunter2');
    expect((await update(session.body.access_token, { email: uniqueEmail('after') })).status).toBe(200);

    const open = await app.call('GET', app.local(linkIn(signupMail, '/api/auth/verify_email/')));
    expect(open.headers.get('location')).toBe('/verify?_t=invalid');
  });

  it.each([
    ['a verified account', true],
    ['a pending signup', false],
  ])('answers duplicate_account_active for an address held by %s', async (_label, emailVerified) => {
    const other = await seedUser(app, { emailVerified });
    const seeded = await seedUser(app);
    const res = await update(seeded.token, { email: other.email });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'duplicate_account_active',
      message: 'Email is duplicated. Please try again with a different email address',
    });
    expect((await me(app, seeded.token)).body).toMatchObject({ user: { email: seeded.email } });
  });

  it('keeps the account as it is when the email is its own in another case', async () => {
    const seeded = await seedUser(app);
    const res = await update(seeded.token, { email: seeded.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: seeded.email, email_verified: true });
  });

  it.each(['not-an-email', 'a@b', 'x@y.z'])('answers invalid_email for "%s"', async (email) => {
    const seeded = await seedUser(app);
    const res = await update(seeded.token, { email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_email', message: messages.invalidEmail });
  });

  it('changes the password: a new token for this session, every older token refused', async () => {
    const seeded = await seedUser(app);
    const other = await login(app, seeded.email, seeded.password);
    const res = await update(seeded.token, { password: 'a-whole-new-password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { id: seeded.user.id } });
    const fresh = res.body.access_token ?? '';
    expect(fresh).not.toBe('');

    expect((await me(app, fresh)).status).toBe(200);
    for (const stale of [seeded.token, other.body.access_token]) {
      const answer = await me(app, stale);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'Invalid access_token' });
    }
    expect((await login(app, seeded.email, seeded.password)).status).toBe(400);
    expect((await login(app, seeded.email, 'a-whole-new-password')).status).toBe(200);
  });

  it('refuses a password under 8 characters and changes nothing, email included', async () => {
    const seeded = await seedUser(app);
    const res = await update(seeded.token, { email: uniqueEmail('untouched'), password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_content' });
    expect((await me(app, seeded.token)).body).toMatchObject({ user: { email: seeded.email } });
    expect((await login(app, seeded.email, seeded.password)).status).toBe(200);
  });

  it.each([{}, { email: '', password: '' }, { email: '   ' }])(
    'changes nothing for an empty body %j',
    async (body) => {
      const seeded = await seedUser(app);
      const res = await update(seeded.token, body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, user: { email: seeded.email, email_verified: true } });
      expect(res.body.access_token).toBeUndefined();
      expect((await me(app, seeded.token)).status).toBe(200);
      expect((await login(app, seeded.email, seeded.password)).status).toBe(200);
    },
  );
});

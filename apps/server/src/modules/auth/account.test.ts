import { messages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { seedSubscriber, seedUser, uniqueEmail } from '../../test/factories.ts';
import { inbox, linkIn, login, mailAfter, me } from '../../test/helpers.ts';
import { withApp } from '../../test/withApp.ts';

interface UpdateAnswer {
  success?: true;
  user: { id: string; email: string; email_verified: boolean; pending_email: string | null };
  access_token?: string;
  error?: string;
  message?: string;
}

const app = withApp();

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

  it.each([
    ['no current password', {}, 'current_password_required', messages.currentPasswordRequired],
    [
      'a wrong current password',
      { current_password: 'not-my-password' },
      'current_password_wrong',
      messages.currentPasswordWrong,
    ],
  ])(
    'refuses an email or password change with %s and changes nothing',
    async (_label, extra, error, message) => {
      const seeded = await seedUser(app);
      for (const change of [{ email: uniqueEmail('hijack') }, { password: 'attacker-chosen-pass' }]) {
        const res = await update(seeded.token, { ...change, ...extra });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error, message });
      }
      expect((await me(app, seeded.token)).body).toMatchObject({
        user: { email: seeded.email, pending_email: null },
      });
      expect((await login(app, seeded.email, seeded.password)).status).toBe(200);
    },
  );

  it('keeps the verified address in force until the new one confirms, and tells the old one', async () => {
    const seeded = await seedSubscriber(app);
    const next = uniqueEmail('moved');
    const since = inbox(app).received.length;
    const res = await update(seeded.token, { email: next.toUpperCase(), current_password: seeded.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: messages.emailChangeSent,
      user: { id: seeded.user.id, email: seeded.email, email_verified: true, pending_email: next },
    });
    const confirm = await inbox(app).waitFor(next, { since });
    const notice = await inbox(app).waitFor(seeded.email, { since });
    expect(notice.text).toContain(next);

    // Until the link is opened nothing moves: the old address signs in, the new one does not.
    expect((await login(app, seeded.email, seeded.password)).status).toBe(200);
    expect((await login(app, next, seeded.password)).status).toBe(404);
    // And a signup on the old address cannot take (or delete) the paying account.
    const squat = await app.call('POST', '/api/auth/signup', {
      body: { email: seeded.email, password: 'hunter2hunter2' },
    });
    expect(squat.status).toBe(409);

    const open = await app.call('GET', app.local(linkIn(confirm, '/api/auth/verify_email/')));
    expect(open.headers.get('location')).toBe('/login?_t=email_changed');
    expect((await me(app, seeded.token)).body).toMatchObject({
      user: { email: next, email_verified: true, pending_email: null, subscription: { plan: 'pro' } },
    });
    expect((await login(app, seeded.email, seeded.password)).status).toBe(404);
    expect((await login(app, next, seeded.password)).status).toBe(200);
    // A link works once.
    const again = await app.call('GET', app.local(linkIn(confirm, '/api/auth/verify_email/')));
    expect(again.headers.get('location')).toBe('/verify?_t=invalid');
  });

  it('does not move to an address a verified account took while the link waited', async () => {
    const seeded = await seedUser(app);
    const next = uniqueEmail('contested');
    const mail = await mailAfter(app, next, () =>
      update(seeded.token, { email: next, current_password: seeded.password }),
    );
    await seedUser(app, { email: next });
    const open = await app.call('GET', app.local(linkIn(mail, '/api/auth/verify_email/')));
    expect(open.headers.get('location')).toBe('/verify?_t=invalid');
    expect((await me(app, seeded.token)).body).toMatchObject({ user: { email: seeded.email } });
  });

  it('moves a never-verified signup at once and makes the link sent to the previous address useless', async () => {
    const email = uniqueEmail('before');
    const signupMail = await mailAfter(app, email, () =>
      app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } }),
    );
    const session = await login(app, email, 'hunter2hunter2');
    const after = uniqueEmail('after');
    const moved = await update(session.body.access_token, {
      email: after,
      current_password: 'hunter2hunter2',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.user).toMatchObject({ email: after, email_verified: false, pending_email: null });

    const open = await app.call('GET', app.local(linkIn(signupMail, '/api/auth/verify_email/')));
    expect(open.headers.get('location')).toBe('/verify?_t=invalid');
  });

  it.each([
    ['a verified account', true],
    ['a pending signup', false],
  ])('answers duplicate_account_active for an address held by %s', async (_label, emailVerified) => {
    const other = await seedUser(app, { emailVerified });
    const seeded = await seedUser(app);
    const res = await update(seeded.token, { email: other.email, current_password: seeded.password });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'duplicate_account_active',
      message: 'Email is duplicated. Please try again with a different email address',
    });
    expect((await me(app, seeded.token)).body).toMatchObject({
      user: { email: seeded.email, pending_email: null },
    });
  });

  it('keeps the account as it is when the email is its own in another case', async () => {
    const seeded = await seedUser(app);
    const res = await update(seeded.token, { email: seeded.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: seeded.email, email_verified: true });
  });

  it.each(['not-an-email', 'a@b', 'x@y.z'])('answers invalid_email for "%s"', async (email) => {
    const seeded = await seedUser(app);
    const res = await update(seeded.token, { email, current_password: seeded.password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_email', message: messages.invalidEmail });
  });

  it('changes the password: a fresh token here, every other session and reset link ended, a notice mailed', async () => {
    const seeded = await seedUser(app);
    const other = await login(app, seeded.email, seeded.password);
    const resetMail = await mailAfter(app, seeded.email, () =>
      app.call('POST', '/api/auth/forgot_password', { body: { email: seeded.email } }),
    );
    const notice = mailAfter(app, seeded.email, async () => {
      const res = await update(seeded.token, {
        password: 'a-whole-new-password',
        current_password: seeded.password,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, user: { id: seeded.user.id } });
      const fresh = res.body.access_token ?? '';
      expect(fresh).not.toBe('');
      expect((await me(app, fresh)).status).toBe(200);
    });
    expect((await notice).subject).toContain('password was changed');

    for (const stale of [seeded.token, other.body.access_token]) {
      const answer = await me(app, stale);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'Invalid access_token' });
    }
    expect((await login(app, seeded.email, seeded.password)).status).toBe(400);
    expect((await login(app, seeded.email, 'a-whole-new-password')).status).toBe(200);

    const token = new URL(linkIn(resetMail, '/reset-password')).searchParams.get('token');
    const reset = await app.call('POST', '/api/auth/reset_password', {
      body: { token, password: 'reset-after-change' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses a common password', async () => {
    const seeded = await seedUser(app);
    const res = await update(seeded.token, { password: 'password123', current_password: seeded.password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'password_common', message: messages.passwordCommon });
    expect((await login(app, seeded.email, seeded.password)).status).toBe(200);
  });

  it('asks a Google-only account to set a password through the reset mail first', async () => {
    const seeded = await seedUser(app, { passwordHash: null, googleSub: `g-${Date.now()}` });
    const res = await update(seeded.token, { password: 'my-first-password', current_password: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'password_not_set', message: messages.passwordNotSet });
  });

  it('refuses a password under 8 characters and changes nothing, email included', async () => {
    const seeded = await seedUser(app);
    const res = await update(seeded.token, {
      email: uniqueEmail('untouched'),
      password: 'short',
      current_password: seeded.password,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_content' });
    expect((await me(app, seeded.token)).body).toMatchObject({
      user: { email: seeded.email, pending_email: null },
    });
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

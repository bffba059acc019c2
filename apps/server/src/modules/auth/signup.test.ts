import { DUPLICATE_PENDING_WAIT_MS, messages } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSettings, users } from '../../platform/db/schema.ts';
import { seedSubscriber, seedSubscription, seedUser, uniqueEmail } from '../../test/factories.ts';
import { inbox, linkIn, mailAfter } from '../../test/helpers.ts';
import { TEST_APP_URL } from '../../test/testApp.ts';
import { withApp } from '../../test/withApp.ts';

const app = withApp();

describe('POST /api/auth/signup', () => {
  it('creates an unverified user and mails a verification link built from APP_URL', async () => {
    const email = uniqueEmail('signup');
    const since = app.smtp?.received.length ?? 0;
    const res = await app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, user: { email, email_verified: false, role: 'trader' } });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);

    const mail = await inbox(app).waitFor(email, { since });
    expect(mail.subject).toContain('Verify');
    expect(mail.html).toContain('<a href=');
    const link = mail.links.find((l) => l.includes('/api/auth/verify_email/'));
    expect(link?.startsWith(`${TEST_APP_URL}/api/auth/verify_email/`)).toBe(true);
    expect(link?.split('/').pop()?.length).toBeGreaterThanOrEqual(22);
  });

  it('stores the address trimmed and lower-cased', async () => {
    const email = uniqueEmail('mixed');
    const res = await app.call('POST', '/api/auth/signup', {
      body: { email: `  ${email.toUpperCase()} `, password: 'hunter2hunter2' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user: { email } });
  });

  it.each([
    ['a malformed email', { email: 'not-an-email', password: 'hunter2hunter2' }],
    ['a password under 8 characters', { email: 'short.pw@example.com', password: 'short' }],
    ['a missing password', { email: 'nopw@example.com' }],
    ['a number for the email', { email: 12, password: 'hunter2hunter2' }],
  ])('answers invalid_content for %s', async (_label, body) => {
    const res = await app.call('POST', '/api/auth/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_content', message: messages.signupInvalidContent });
  });

  it('refuses an address held by a verified account', async () => {
    const { email } = await seedUser(app);
    const res = await app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'duplicate_account_active', message: messages.signupDuplicateActive });
  });

  it('holds an unverified address for 2 hours, then lets it sign up again with a new link', async () => {
    const email = uniqueEmail('pending');
    const first = await app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } });
    expect(first.status).toBe(201);
    const firstMail = await inbox(app).waitFor(email);
    const again = await app.call('POST', '/api/auth/signup', { body: { email, password: 'other-password' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'duplicate_account_pending',
      message: messages.signupDuplicatePending,
    });

    app.clock.advance(DUPLICATE_PENDING_WAIT_MS + 1000);
    const since = inbox(app).received.length;
    const third = await app.call('POST', '/api/auth/signup', { body: { email, password: 'third-password' } });
    expect(third.status).toBe(201);
    await inbox(app).waitFor(email, { since });

    // The first signup's link belonged to the account that gave way.
    const stale = await app.call('GET', app.local(linkIn(firstMail, '/api/auth/verify_email/')));
    expect(stale.status).toBe(302);
    expect(stale.headers.get('location')).toBe('/verify?_t=invalid');
    const login = await app.call('POST', '/api/auth/login', { body: { email, password: 'third-password' } });
    expect(login.status).toBe(200);
  });
});

describe('POST /api/auth/register', () => {
  it('creates the account with a username and answers with a session', async () => {
    const email = uniqueEmail('register');
    const res = await app.call<{ access_token: string; user: { username: string } }>(
      'POST',
      '/api/auth/register',
      {
        body: { email, password: 'hunter2hunter2', username: 'tape_reader' },
      },
    );
    expect(res.status).toBe(201);
    // Held by nobody until the address is verified (below).
    expect(res.body.user).toMatchObject({ username: null, email_verified: false });
    const me = await app.call('GET', '/api/auth/user', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email } });
    await inbox(app).waitFor(email);
  });

  it('refuses a username over 20 characters and creates nothing', async () => {
    const email = uniqueEmail('longname');
    const res = await app.call('POST', '/api/auth/register', {
      body: { email, password: 'hunter2hunter2', username: 'x'.repeat(21) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_content' });
    const login = await app.call('POST', '/api/auth/login', { body: { email, password: 'hunter2hunter2' } });
    expect(login.body).toMatchObject({ error: 'email_not_found' });
  });
});

describe('signups never take an account that is in use', () => {
  it('answers one 201 and 409s to eight concurrent signups with one new address', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toMatchObject({
        error: expect.stringMatching(/^duplicate_account_(pending|active)$/),
      });
    }
  });

  it.each([
    ['a subscription', 'subscription'],
    ['settings', 'settings'],
  ] as const)('keeps a never-verified account that holds %s, however old', async (_label, kind) => {
    const owner = await seedUser(app, {
      emailVerified: false,
      signedUpAt: new Date(Date.now() - 86_400_000),
    });
    if (kind === 'subscription') await seedSubscription(app, owner.user.id);
    else await app.ctx.database.db.insert(userSettings).values({ userId: owner.user.id, config: '{}' });
    app.clock.advance(DUPLICATE_PENDING_WAIT_MS + 1000);
    const res = await app.call('POST', '/api/auth/signup', {
      body: { email: owner.email, password: 'hunter2hunter2' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'duplicate_account_pending' });
    expect((await app.call('GET', '/api/auth/user', { token: owner.token })).status).toBe(200);
  });

  it('refuses a common password', async () => {
    const res = await app.call('POST', '/api/auth/signup', {
      body: { email: uniqueEmail('weak'), password: 'password1' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'password_common', message: messages.passwordCommon });
  });
});

describe('POST /api/auth/register usernames (the rules of POST /api/profile)', () => {
  const register = (username: string, email = uniqueEmail('named')) =>
    app.call('POST', '/api/auth/register', { body: { email, password: 'hunter2hunter2', username } });
  /** Registers and opens the mailed verification link: the account is verified. */
  const registerVerified = async (username: string, email = uniqueEmail('named')) => {
    const mail = await mailAfter(app, email, async () =>
      expect((await register(username, email)).status).toBe(201),
    );
    await app.call('GET', app.local(linkIn(mail, '/api/auth/verify_email/')));
    return email;
  };
  const usernameOf = async (email: string) => {
    const [row] = await app.ctx.database.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.email, email));
    return row?.username;
  };
  const listed = async () => {
    const { token } = await seedSubscriber(app, 'standard');
    return ((await app.call('GET', '/api/users', { token })).body as unknown as { username: string }[]).map(
      (u) => u.username,
    );
  };

  it('refuses a name a verified account holds, in any case, compatibility form or look-alike script', async () => {
    await registerVerified('Momentum_Kid');
    for (const lookalike of [
      'momentum_kid',
      'ＭＯＭＥＮＴＵＭ_ＫＩＤ',
      ' Momentum_Kid ',
      'mоmеntum_kid',
      'rnomentum_kid',
    ]) {
      const email = uniqueEmail('copycat');
      const res = await register(lookalike, email);
      expect(res.status, lookalike).toBe(409);
      expect(res.body).toEqual({ error: 'username_taken', message: messages.usernameTaken });
      const login = await app.call('POST', '/api/auth/login', {
        body: { email, password: 'hunter2hunter2' },
      });
      expect(login.body).toMatchObject({ error: 'email_not_found' });
    }
  });

  it.each(['admin', 'Moderator', 'support', 'Tapeline', 'аdmin'])(
    'refuses the reserved name %s',
    async (name) => {
      const res = await register(name);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'username_taken', message: messages.usernameTaken });
    },
  );

  it('refuses bidi overrides and control characters', async () => {
    for (const name of ['evil\u202Eeman', 'zero\u200Bwidth', 'bell\u0007']) {
      const res = await register(name);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_username', message: messages.usernameForbidden });
    }
  });

  it('neither lists nor reserves the name of an unverified signup; verification claims it', async () => {
    const pending = uniqueEmail('pending');
    expect((await register('sec_victim', pending)).status).toBe(201);
    expect(await usernameOf(pending)).toBeNull();
    expect(await listed()).not.toContain('sec_victim');
    // A second unverified signup may wish for the same name: nobody holds it yet.
    const rival = uniqueEmail('rival');
    expect((await register('Sec_Victim', rival)).status).toBe(201);

    const mail = await inbox(app).waitFor(pending);
    await app.call('GET', app.local(linkIn(mail, '/api/auth/verify_email/')));
    expect(await usernameOf(pending)).toBe('sec_victim');
    expect(await listed()).toContain('sec_victim');

    // The rival verifies later: the name is taken, so the account goes on without one.
    const rivalMail = await inbox(app).waitFor(rival);
    await app.call('GET', app.local(linkIn(rivalMail, '/api/auth/verify_email/')));
    expect(await usernameOf(rival)).toBeNull();
  });

  it('lets a verified trader take a name an unverified signup asked for', async () => {
    const pending = uniqueEmail('squatter');
    const mail = await mailAfter(app, pending, async () =>
      expect((await register('floor_trader', pending)).status).toBe(201),
    );
    const trader = await seedUser(app);
    const form = new FormData();
    form.set('username', 'floor_trader');
    const saved = await fetch(`${app.baseUrl}/api/profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${trader.token}` },
      body: form,
    });
    expect(saved.status).toBe(200);
    await app.call('GET', app.local(linkIn(mail, '/api/auth/verify_email/')));
    expect(await usernameOf(pending)).toBeNull();
    expect(await usernameOf(trader.email)).toBe('floor_trader');
  });

  it('drops the wish with an abandoned signup', async () => {
    const email = uniqueEmail('abandoned');
    expect((await register('gone_wish', email)).status).toBe(201);
    app.clock.advance(DUPLICATE_PENDING_WAIT_MS + 1000);
    const mail = await mailAfter(app, email, async () => {
      const again = await app.call('POST', '/api/auth/signup', {
        body: { email, password: 'hunter2hunter2' },
      });
      expect(again.status).toBe(201);
    });
    await app.call('GET', app.local(linkIn(mail, '/api/auth/verify_email/')));
    expect(await usernameOf(email)).toBeNull();
  });

  it('gives a name two racing verifications ask for to one of them', async () => {
    const [a, b] = [uniqueEmail('racer'), uniqueEmail('racer')];
    const mails = await Promise.all(
      [a, b].map((email, i) =>
        mailAfter(app, email, async () =>
          expect((await register(i ? 'racer_x' : 'Racer_X', email)).status).toBe(201),
        ),
      ),
    );
    await Promise.all(
      mails.map((mail) => app.call('GET', app.local(linkIn(mail, '/api/auth/verify_email/')))),
    );
    const names = [await usernameOf(a), await usernameOf(b)];
    expect(names.filter((n) => n !== null)).toHaveLength(1);
  });
});

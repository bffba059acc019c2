import { messages, VERIFY_TOKEN_TTL_MS } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens } from '../../platform/db/schema.ts';
import { seedUser, uniqueEmail } from '../../test/factories.ts';
import { inbox, linkIn, login, mailAfter } from '../../test/helpers.ts';
import { TEST_APP_URL } from '../../test/testApp.ts';
import { withApp } from '../../test/withApp.ts';

const PASSWORD = 'hunter2hunter2';
const VERIFY_PATH = '/api/auth/verify_email/';

const app = withApp();

/** Signs up a fresh address and returns it with the verification link it was mailed. */
async function signedUp(): Promise<{ email: string; link: string }> {
  const email = uniqueEmail('verify');
  const mail = await mailAfter(app, email, async () => {
    const res = await app.call('POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(201);
  });
  return { email, link: linkIn(mail, VERIFY_PATH) };
}

async function open(link: string): Promise<{ status: number; location: string | null }> {
  const res = await app.call('GET', app.local(link));
  return { status: res.status, location: res.headers.get('location') };
}

async function verified(email: string): Promise<boolean> {
  const res = await login(app, email, PASSWORD);
  expect(res.status).toBe(200);
  return res.body.user.email_verified;
}

const invalidLink = { status: 302, location: '/verify?_t=invalid' };

describe('GET /api/auth/verify_email/:token', () => {
  it('verifies the account from the mailed link and sends the browser to /login', async () => {
    const { email, link } = await signedUp();
    expect(link.startsWith(`${TEST_APP_URL}${VERIFY_PATH}`)).toBe(true);
    expect(await verified(email)).toBe(false);

    expect(await open(link)).toEqual({ status: 302, location: '/login?_t=verified' });
    expect(await verified(email)).toBe(true);
  });

  it('refuses the same link a second time', async () => {
    const { link } = await signedUp();
    expect((await open(link)).location).toBe('/login?_t=verified');
    expect(await open(link)).toEqual(invalidLink);
  });

  it.each(['unknown-token', 'A'.repeat(43), 'x'])('refuses an unknown token (%s)', async (token) => {
    expect(await open(`${TEST_APP_URL}${VERIFY_PATH}${token}`)).toEqual(invalidLink);
  });

  it('accepts a link until 2 hours have passed, then refuses it and leaves the user unverified', async () => {
    const early = await signedUp();
    const late = await signedUp();
    app.clock.advance(VERIFY_TOKEN_TTL_MS - 60_000);
    expect((await open(early.link)).location).toBe('/login?_t=verified');

    app.clock.advance(60_000 + 1000);
    expect(await open(late.link)).toEqual(invalidLink);
    expect(await verified(late.email)).toBe(false);
  });
});

describe('POST /api/auth/verify_email (resend)', () => {
  it('mails a new link that works and answers success', async () => {
    const { email, link: first } = await signedUp();
    let res: Awaited<ReturnType<typeof app.call>> | undefined;
    const mail = await mailAfter(app, email, async () => {
      res = await app.call('POST', '/api/auth/verify_email', { body: { email } });
    });
    expect(res?.status).toBe(200);
    expect(res?.body).toMatchObject({ success: true, message: messages.resendSuccess });
    const second = linkIn(mail, VERIFY_PATH);
    expect(second).not.toBe(first);

    expect((await open(second)).location).toBe('/login?_t=verified');
    expect(await verified(email)).toBe(true);
  });

  it('finds the account whatever the case of the address', async () => {
    const { email } = await signedUp();
    const mail = await mailAfter(app, email, () =>
      app.call('POST', '/api/auth/verify_email', { body: { email: email.toUpperCase() } }),
    );
    expect(mail.to).toContain(email);
  });

  it('answers no_user for an address nobody signed up with', async () => {
    const res = await app.call('POST', '/api/auth/verify_email', { body: { email: uniqueEmail('nobody') } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'no_user', message: 'Email is not registered. Please signup first' });
  });

  it.each(['garbage', '', '@example.com'])('answers invalid_email for "%s"', async (email) => {
    const res = await app.call('POST', '/api/auth/verify_email', { body: { email } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_email', message: messages.invalidEmail });
  });

  it('sends nothing to an account that is already verified', async () => {
    const { email } = await seedUser(app);
    const since = inbox(app).received.length;
    const res = await app.call('POST', '/api/auth/verify_email', { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    await expect(inbox(app).waitFor(email, { since, timeoutMs: 300 })).rejects.toThrow(/no mail/);
  });
});

describe('token storage', () => {
  it('keeps only a hash of each mailed token', async () => {
    const { email, link } = await signedUp();
    const token = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
    const session = await login(app, email, PASSWORD);
    const rows = await app.ctx.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, session.body.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const everything = JSON.stringify(await app.ctx.database.db.select().from(emailTokens));
    expect(everything).not.toContain(token);
  });
});

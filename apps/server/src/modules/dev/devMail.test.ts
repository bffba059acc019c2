import type { DevMail } from '@tapeline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/factories.ts';
import { startTestApp, TEST_APP_URL, type TestApp } from '../../test/testApp.ts';

describe('GET /api/dev/mail (outside production)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ mail: 'outbox' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists what signup would have mailed, newest first, with its verification link', async () => {
    const first = uniqueEmail('outbox');
    const second = uniqueEmail('outbox');
    for (const email of [first, second]) {
      const res = await app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } });
      expect(res.status).toBe(201);
    }
    const res = await app.call<{ data: DevMail[] }>('GET', '/api/dev/mail');
    expect(res.status).toBe(200);
    const recipients = res.body.data.map((mail) => mail.to);
    expect(recipients.indexOf(second)).toBeLessThan(recipients.indexOf(first));
    expect(recipients.indexOf(first)).toBeGreaterThanOrEqual(0);

    const mail = res.body.data.find((m) => m.to === first);
    expect(mail).toMatchObject({ subject: expect.stringContaining('Verify'), id: expect.any(String) });
    expect(Number.isNaN(Date.parse(mail?.created_at ?? ''))).toBe(false);
    const link = mail?.links.find((l) => l.startsWith(`${TEST_APP_URL}/api/auth/verify_email/`));
    if (!link) throw new Error('no verification link in the outbox mail');
    expect(mail?.text).toContain(link);

    // The outbox link is the real one: it verifies the account.
    const open = await app.call('GET', app.local(link));
    expect(open.headers.get('location')).toBe('/login');
    const login = await app.call('POST', '/api/auth/login', {
      body: { email: first, password: 'hunter2hunter2' },
    });
    expect(login.body).toMatchObject({ user: { email_verified: true } });
  });

  it('keeps reset links too', async () => {
    const email = uniqueEmail('outbox-reset');
    await app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } });
    expect((await app.call('POST', '/api/auth/forgot_password', { body: { email } })).status).toBe(200);
    const res = await app.call<{ data: DevMail[] }>('GET', '/api/dev/mail');
    const newest = res.body.data[0];
    expect(newest?.to).toBe(email);
    expect(newest?.links.some((l) => l.startsWith(`${TEST_APP_URL}/reset-password?token=`))).toBe(true);
  });
});

describe('GET /api/dev/mail in production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ mail: 'outbox', env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('does not exist', async () => {
    const email = uniqueEmail('prod');
    expect(
      (await app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } })).status,
    ).toBe(201);
    const res = await app.call('GET', '/api/dev/mail');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });
});

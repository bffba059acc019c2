import { Writable } from 'node:stream';
import type { DevMail } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { createLogger } from '../../platform/log.ts';
import { OUTBOX_HINT } from '../../platform/mail/mailer.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { startTestApp, TEST_APP_URL, type TestApp } from '../../test/testApp.ts';
import { withApp } from '../../test/withApp.ts';
import { listOutbox } from './outbox.ts';

const signup = (app: TestApp, email: string) =>
  app.call('POST', '/api/auth/signup', { body: { email, password: 'hunter2hunter2' } });

describe('the dev outbox on a default start (no SMTP_URL, DEV_ROUTES unset)', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = withApp({ mail: 'outbox', env: { NODE_ENV: 'development' }, log: createLogger('info', sink) });

  it('answers nobody over HTTP, logs neither link nor recipient, and keeps the mail for the CLI', async () => {
    const victim = uniqueEmail('victim');
    expect((await signup(app, victim)).status).toBe(201);
    expect((await app.call('POST', '/api/auth/forgot_password', { body: { email: victim } })).status).toBe(
      200,
    );

    // The takeover path of the issue: a stranger asks for the victim's reset link, then reads it.
    for (const headers of [{}, { 'x-forwarded-for': '203.0.113.9' }] as Record<string, string>[]) {
      const res = await app.call('GET', '/api/dev/mail', { headers });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'not_found' });
    }

    const log = lines.join('');
    expect(log).toContain(OUTBOX_HINT);
    expect(log).not.toContain(victim);
    expect(log).not.toContain('/reset-password?token=');
    expect(log).not.toContain('/api/auth/verify_email/');

    const [newest] = await listOutbox(app.ctx.database.db, 1);
    expect(newest?.to).toBe(victim);
    expect(newest?.links.some((l) => l.startsWith(`${TEST_APP_URL}/reset-password?token=`))).toBe(true);
  });
});

describe('GET /api/dev/mail with DEV_ROUTES=true (an explicit test set-up)', () => {
  const app = withApp({ mail: 'outbox', env: { DEV_ROUTES: 'true', TRUST_PROXY: 'true' } });

  it('lists what was mailed, newest first, with working links, to a loopback client', async () => {
    const first = uniqueEmail('outbox');
    const second = uniqueEmail('outbox');
    for (const email of [first, second]) expect((await signup(app, email)).status).toBe(201);
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
    const open = await app.call('GET', app.local(link));
    expect(open.headers.get('location')).toBe('/login?_t=verified');
  });

  it.each([
    ['x-forwarded-for', '203.0.113.7'],
    ['forwarded', 'for=203.0.113.7'],
    ['x-real-ip', '203.0.113.7'],
  ])('answers 404 to a request forwarded by a proxy (%s), even from loopback', async (header, value) => {
    const mail = await app.call('GET', '/api/dev/mail', { headers: { [header]: value } });
    expect(mail.status).toBe(404);
  });
});

describe('DEV_ROUTES in production', () => {
  it('refuses to start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true' })).toThrow(/DEV_ROUTES/);
  });

  it('is not mounted by a production start, which says loudly that mail is not delivered', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await startTestApp({
      mail: 'outbox',
      env: { NODE_ENV: 'production' },
      log: createLogger('info', sink),
    });
    try {
      const warning = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((l) => l.msg.includes('SMTP_URL'));
      expect(warning?.level).toBe(50);
      expect(warning?.msg).toContain('mail is NOT delivered');
      expect((await signup(app, uniqueEmail('prod'))).status).toBe(201);
      const res = await app.call('GET', '/api/dev/mail');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      await app.close();
    }
  });
});

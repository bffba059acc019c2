import { randomInt } from 'node:crypto';
import { count } from 'drizzle-orm';
import { users } from '../platform/db/schema.ts';
import type { ReceivedMail, SmtpSink } from './smtpSink.ts';
import type { ApiAnswer, TestApp } from './testApp.ts';

export interface Session {
  access_token: string;
  user: { id: string; email: string; email_verified: boolean } & Record<string, unknown>;
}

export function login(app: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  return app.call<Session & { error?: string; message?: string }>('POST', '/api/auth/login', {
    body: { email, password },
    headers,
  });
}

export function me(app: TestApp, token: string): Promise<ApiAnswer> {
  return app.call('GET', '/api/auth/user', { token });
}

/** The one link in a mail whose URL contains `fragment`; fails loudly when there is none. */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in mail "${mail.subject}"`);
  return link;
}

/** The app's SMTP sink; fails loudly for an app that keeps mail in the outbox. */
export function inbox(app: TestApp): SmtpSink {
  if (!app.smtp) throw new Error('this app keeps mail in the outbox, not SMTP');
  return app.smtp;
}

/** Waits for the next mail to `email` after the current inbox position, runs `action` first. */
export async function mailAfter(
  app: TestApp,
  email: string,
  action: () => Promise<unknown>,
): Promise<ReceivedMail> {
  const since = inbox(app).received.length;
  await action();
  return inbox(app).waitFor(email, { since });
}

export async function countUsers(app: TestApp): Promise<number> {
  const [row] = await app.ctx.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/**
 * A client address no earlier run used, for X-Forwarded-For: rate-limit keys in a shared Redis
 * outlive a run, so every run must count against fresh keys.
 */
export function uniqueIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  receivedAt: number;
}

/** Per port, so two runs on one machine never share a mailbox or a database. */
export const E2E_DIR = path.resolve(import.meta.dirname, `../../.tmp/e2e-${process.env.E2E_PORT ?? 8787}`);
export const MAIL_DIR = path.join(E2E_DIR, 'mail');

export function allMail(): StoredMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const mail: StoredMail[] = [];
  for (const f of files) {
    try {
      mail.push(JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8')) as StoredMail);
    } catch {
      // Written as *.tmp and renamed, a mail is whole once listed; a reader is still lenient.
    }
  }
  return mail.sort((a, b) => a.receivedAt - b.receivedAt);
}

/** Polls the SMTP sink's folder for the newest mail to an address whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = allMail()
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject))
      .pop();
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { devMail } from '../db/schema.ts';
import type { Log } from '../log.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Whether the transport takes mail now (SMTP: connects and greets); the readiness check asks. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

export function linksIn(text: string): string[] {
  return [...new Set(text.match(LINK_PATTERN) ?? [])];
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async verify() {
      await transport.verify();
    },
    async close() {
      transport.close();
    },
  };
}

/** Where a developer finds what the outbox kept: a log line says it instead of the mail. */
export const OUTBOX_HINT = 'mail kept in the dev outbox: list it with `npm run cli -- mail:list`';

/**
 * Without SMTP_URL, mail goes to a dev outbox kept in the database (so it survives a restart).
 * Its links sign people in, so neither they nor the recipient are ever logged: the log says
 * where the outbox is, and only the operator's CLI on this machine reads it (`mail:list`).
 */
export function createOutboxMailer(db: Db, log: Log): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      const links = linksIn(mail.text);
      await db.insert(devMail).values({ ...mail, links });
      log.info({ subject: mail.subject }, OUTBOX_HINT);
    },
    // The outbox is a table of the database, whose own check covers it.
    async verify() {},
    async close() {},
  };
}

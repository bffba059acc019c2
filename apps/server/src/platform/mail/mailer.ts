import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { devMail } from '../db/schema.ts';
import { redactUrl } from '../http/redactUrl.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
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
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP_URL, mail goes to a dev outbox: kept in the database (so it survives a
 * restart), listed at GET /api/dev/mail, and its links logged so a developer can click them.
 * Only in development: anywhere else a logged link is a working sign-in for whoever reads
 * the log, so it is written with its token redacted.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger, logLinks = false): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      const links = linksIn(mail.text);
      await db.insert(devMail).values({ ...mail, links });
      const logged = logLinks ? links : links.map(redactUrl);
      log.info({ to: mail.to, subject: mail.subject, links: logged }, 'mail kept in the dev outbox');
    },
    async close() {},
  };
}

import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '@tapeline/core';
import { newOneTimeToken } from '../../platform/auth/oneTimeTokens.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import {
  emailChangeMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from '../../platform/mail/templates.ts';
import type { AuthDeps } from './deps.ts';
import type { EmailTokenKind } from './emailTokensRepository.ts';

interface LinkKind {
  ttlMs: number;
  link(appUrl: string, token: string): string;
  mail(to: string, link: string): Mail;
}

const verifyLink = (appUrl: string, token: string) => `${appUrl}/api/auth/verify_email/${token}`;

/** Links are built from APP_URL, never from the request's Host header. */
const kinds: Record<EmailTokenKind, LinkKind> = {
  verify: { ttlMs: VERIFY_TOKEN_TTL_MS, link: verifyLink, mail: verificationMail },
  reset: {
    ttlMs: RESET_TOKEN_TTL_MS,
    link: (appUrl, token) => `${appUrl}/reset-password?token=${token}`,
    mail: passwordResetMail,
  },
  // The same route as verification: opening it proves the new address.
  email_change: { ttlMs: VERIFY_TOKEN_TTL_MS, link: verifyLink, mail: emailChangeMail },
};

/** A one-time link of `kind` for `to` (the account's address unless a new one is being proved). */
async function sendLink(deps: AuthDeps, user: UserRow, kind: EmailTokenKind, to = user.email): Promise<void> {
  const { token, hash } = newOneTimeToken();
  const spec = kinds[kind];
  await deps.emailTokens.insert({
    userId: user.id,
    kind,
    tokenHash: hash,
    email: to,
    expiresAt: new Date(deps.ctx.clock.now() + spec.ttlMs),
  });
  await deps.ctx.mailer.send(spec.mail(to, spec.link(deps.ctx.config.appUrl, token)));
}

export const sendVerificationLink = (deps: AuthDeps, user: UserRow) => sendLink(deps, user, 'verify');
export const sendResetLink = (deps: AuthDeps, user: UserRow) => sendLink(deps, user, 'reset');
export const sendEmailChangeLink = (deps: AuthDeps, user: UserRow, newAddress: string) =>
  sendLink(deps, user, 'email_change', newAddress);

const forgotLink = (deps: AuthDeps) => `${deps.ctx.config.appUrl}/forgot-password`;

/** Tells the address in force that a move to `newAddress` was asked for. */
export const sendEmailChangeNotice = (deps: AuthDeps, user: UserRow, newAddress: string) =>
  deps.ctx.mailer.send(emailChangeNoticeMail(user.email, newAddress, forgotLink(deps)));

export const sendPasswordChangedNotice = (deps: AuthDeps, user: UserRow) =>
  deps.ctx.mailer.send(passwordChangedMail(user.email, forgotLink(deps)));

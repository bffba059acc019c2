import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '@tapeline/core';
import { newOneTimeToken } from '../../platform/auth/oneTimeTokens.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { passwordResetMail, verificationMail } from '../../platform/mail/templates.ts';
import type { AuthDeps } from './deps.ts';
import type { EmailTokenKind } from './emailTokensRepository.ts';

interface LinkKind {
  ttlMs: number;
  link(appUrl: string, token: string): string;
  mail(to: string, link: string): Mail;
}

/** Links are built from APP_URL, never from the request's Host header. */
const kinds: Record<EmailTokenKind, LinkKind> = {
  verify: {
    ttlMs: VERIFY_TOKEN_TTL_MS,
    link: (appUrl, token) => `${appUrl}/api/auth/verify_email/${token}`,
    mail: verificationMail,
  },
  reset: {
    ttlMs: RESET_TOKEN_TTL_MS,
    link: (appUrl, token) => `${appUrl}/reset-password?token=${token}`,
    mail: passwordResetMail,
  },
};

async function sendLink(deps: AuthDeps, user: UserRow, kind: EmailTokenKind): Promise<void> {
  const { token, hash } = newOneTimeToken();
  const spec = kinds[kind];
  await deps.emailTokens.insert({
    userId: user.id,
    kind,
    tokenHash: hash,
    email: user.email,
    expiresAt: new Date(deps.ctx.clock.now().getTime() + spec.ttlMs),
  });
  await deps.ctx.mailer.send(spec.mail(user.email, spec.link(deps.ctx.config.appUrl, token)));
}

export const sendVerificationLink = (deps: AuthDeps, user: UserRow) => sendLink(deps, user, 'verify');
export const sendResetLink = (deps: AuthDeps, user: UserRow) => sendLink(deps, user, 'reset');

import { type EmailRequest, messages, type SuccessResponse, serverMessages } from '@tapeline/core';
import { hashOneTimeToken } from '../../platform/auth/oneTimeTokens.ts';
import type { EmailTokenRow } from '../../platform/db/schema.ts';
import { uniqueViolation } from '../../platform/db/uniqueViolation.ts';
import { claimAddress } from './claimAddress.ts';
import type { AuthDeps } from './deps.ts';
import { sendVerificationLink } from './emailLinks.ts';
import { mailUnavailable } from './mailFailure.ts';
import { mailRecipient } from './mailRecipient.ts';

/** /login says the address is verified (the web's login page reads `_t`). */
export const VERIFIED_REDIRECT = '/login?_t=verified';
export const EMAIL_CHANGED_REDIRECT = '/login?_t=email_changed';
export const INVALID_LINK_REDIRECT = '/verify?_t=invalid';

/** Verification: the address the link was sent to is still the account's; it becomes verified. */
async function verify(deps: AuthDeps, row: EmailTokenRow, now: Date): Promise<string> {
  const user = await deps.users.findById(row.userId);
  if (!user || user.email !== row.email) return INVALID_LINK_REDIRECT;
  if (!(await deps.emailTokens.markUsed(row.id, now))) return INVALID_LINK_REDIRECT;
  await deps.users.update(user.id, { emailVerified: true });
  await deps.emailTokens.retireAll(user.id, 'verify', now);
  return VERIFIED_REDIRECT;
}

/**
 * Email change: the new address proved itself, so it replaces the old one, if it is still the
 * one asked for and nobody took it meanwhile (an abandoned signup on it gives way as at signup).
 */
async function confirmChange(deps: AuthDeps, row: EmailTokenRow, now: Date): Promise<string> {
  const user = await deps.users.findById(row.userId);
  if (!user || user.pendingEmail !== row.email) return INVALID_LINK_REDIRECT;
  try {
    await claimAddress(deps, row.email, { exceptUserId: user.id });
  } catch {
    return INVALID_LINK_REDIRECT;
  }
  if (!(await deps.emailTokens.markUsed(row.id, now))) return INVALID_LINK_REDIRECT;
  try {
    await deps.users.update(user.id, { email: row.email, pendingEmail: null, emailVerified: true });
  } catch (error) {
    if (uniqueViolation(error) !== null) return INVALID_LINK_REDIRECT;
    throw error;
  }
  // Links mailed to the old address (reset, verify) die with it.
  for (const kind of ['email_change', 'reset', 'verify'] as const) {
    await deps.emailTokens.retireAll(user.id, kind, now);
  }
  return EMAIL_CHANGED_REDIRECT;
}

/**
 * Opens a link from a verification or email-change mail: where the browser goes next. A link
 * is good once, for 2 hours, and only for the address it was sent to.
 */
export async function openVerificationLink(deps: AuthDeps, token: string): Promise<string> {
  if (!token) return INVALID_LINK_REDIRECT;
  const hash = hashOneTimeToken(token);
  const row =
    (await deps.emailTokens.findByHash('verify', hash)) ??
    (await deps.emailTokens.findByHash('email_change', hash));
  const now = new Date(deps.ctx.clock.now());
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return INVALID_LINK_REDIRECT;
  return row.kind === 'verify' ? verify(deps, row, now) : confirmChange(deps, row, now);
}

/** Sends a fresh link; the 2-hour hold on the address restarts with it. */
export async function resendVerification(
  deps: AuthDeps,
  input: EmailRequest,
  ip: string,
): Promise<SuccessResponse> {
  const user = await mailRecipient(deps, input, ip, messages.resendNoUser);
  if (user.emailVerified) return { success: true, message: serverMessages.emailAlreadyVerified };
  const refreshed = await deps.users.update(user.id, { signedUpAt: new Date(deps.ctx.clock.now()) });
  try {
    await sendVerificationLink(deps, refreshed);
  } catch (error) {
    throw mailUnavailable(deps, error);
  }
  return { success: true, message: messages.resendSuccess };
}

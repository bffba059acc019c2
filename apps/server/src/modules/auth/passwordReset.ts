import { type EmailRequest, messages, type ResetPasswordRequest, type SuccessResponse } from '@tapeline/core';
import { hashOneTimeToken } from '../../platform/auth/oneTimeTokens.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { claimRequestedUsername } from '../users/usernames.ts';
import type { AuthDeps } from './deps.ts';
import { sendResetLink } from './emailLinks.ts';
import { mailUnavailable } from './mailFailure.ts';
import { mailRecipient } from './mailRecipient.ts';
import { assertNewPassword } from './rules.ts';
import { endAllSessions } from './session.ts';

export async function forgotPassword(
  deps: AuthDeps,
  input: EmailRequest,
  ip: string,
): Promise<SuccessResponse> {
  const user = await mailRecipient(deps, input, ip, messages.forgotNoUser);
  try {
    await sendResetLink(deps, user);
  } catch (error) {
    throw mailUnavailable(deps, error);
  }
  return { success: true };
}

/**
 * Sets a new password from a reset link. Every session of the account ends (its tokens get
 * 401 at once, its sockets close), and every other reset link dies with this one. Receiving the mail proves the address, so an
 * unverified account becomes verified.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: ResetPasswordRequest,
  ip: string,
): Promise<SuccessResponse> {
  await deps.ctx.limiter.consume('resetIp', ip);
  const invalid = () => new HttpError(400, 'invalid_token', messages.resetInvalid);
  const row = input.token
    ? await deps.emailTokens.findByHash('reset', hashOneTimeToken(input.token))
    : undefined;
  if (!row || row.usedAt) throw invalid();
  const now = new Date(deps.ctx.clock.now());
  if (row.expiresAt.getTime() <= now.getTime())
    throw new HttpError(400, 'link_expired', messages.resetInvalid);
  assertNewPassword(input.password, () => new HttpError(400, 'invalid_content', messages.passwordTooShort));
  const user = await deps.users.findById(row.userId);
  if (!user || user.email !== row.email) throw invalid();
  const passwordHash = await hashPassword(input.password);
  if (!(await deps.emailTokens.markUsed(row.id, now))) throw invalid();
  // Receiving the mail proves the address; a pending change to another one is dropped.
  const updated = await deps.users.update(user.id, { passwordHash, emailVerified: true, pendingEmail: null });
  await claimRequestedUsername(deps.ctx.database.db, user.id, user.requestedUsername);
  await endAllSessions(deps, updated);
  await deps.emailTokens.retireAll(user.id, 'reset', now);
  await deps.emailTokens.retireAll(user.id, 'email_change', now);
  return { success: true };
}

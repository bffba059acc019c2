import { type EmailRequest, messages, type SuccessResponse } from '@tapeline/core';
import { hashOneTimeToken } from '../../platform/auth/oneTimeTokens.ts';
import type { AuthDeps } from './deps.ts';
import { sendVerificationLink } from './emailLinks.ts';
import { mailUnavailable } from './mailFailure.ts';
import { mailRecipient } from './mailRecipient.ts';

export const VERIFIED_REDIRECT = '/login';
export const INVALID_LINK_REDIRECT = '/verify?_t=invalid';

/**
 * Opens a verification link: where the browser goes next. A link is good once, for 2 hours,
 * and only for the address it was sent to (an email change since makes it useless).
 */
export async function openVerificationLink(deps: AuthDeps, token: string): Promise<string> {
  const row = token ? await deps.emailTokens.findByHash('verify', hashOneTimeToken(token)) : undefined;
  const now = deps.ctx.clock.now();
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return INVALID_LINK_REDIRECT;
  const user = await deps.users.findById(row.userId);
  if (!user || user.email !== row.email) return INVALID_LINK_REDIRECT;
  if (!(await deps.emailTokens.markUsed(row.id, now))) return INVALID_LINK_REDIRECT;
  await deps.users.update(user.id, { emailVerified: true });
  await deps.emailTokens.retireAll(user.id, 'verify', now);
  return VERIFIED_REDIRECT;
}

/** Sends a fresh link; the 2-hour hold on the address restarts with it. */
export async function resendVerification(
  deps: AuthDeps,
  input: EmailRequest,
  ip: string,
): Promise<SuccessResponse> {
  const user = await mailRecipient(deps, input, ip, messages.resendNoUser);
  if (user.emailVerified) return { success: true, message: 'Email address is already verified' };
  const refreshed = await deps.users.update(user.id, { signedUpAt: deps.ctx.clock.now() });
  try {
    await sendVerificationLink(deps, refreshed);
  } catch (error) {
    throw mailUnavailable(deps, error);
  }
  return { success: true, message: messages.resendSuccess };
}

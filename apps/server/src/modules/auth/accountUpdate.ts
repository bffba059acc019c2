import { messages, type UpdateUserRequest, type UpdateUserResponse } from '@tapeline/core';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { claimAddress } from './claimAddress.ts';
import type { AuthDeps } from './deps.ts';
import {
  sendEmailChangeLink,
  sendEmailChangeNotice,
  sendPasswordChangedNotice,
  sendVerificationLink,
} from './emailLinks.ts';
import { mailUnavailable } from './mailFailure.ts';
import { acceptableEmail, assertNewPassword } from './rules.ts';
import { type Authenticated, endAllSessions, issueAccessToken } from './session.ts';
import { presentUser } from './userView.ts';

/**
 * Re-authentication: changing the email or password needs the current password, so a
 * borrowed or stolen session cannot take the account over. Wrong guesses count against the
 * account's login limit like failed logins. A 400, never a 401: the session itself is fine.
 */
async function reauthenticate(deps: AuthDeps, user: UserRow, currentPassword: string): Promise<void> {
  if (!user.passwordHash) throw new HttpError(400, 'password_not_set', messages.passwordNotSet);
  if (!currentPassword) {
    throw new HttpError(400, 'current_password_required', messages.currentPasswordRequired);
  }
  await deps.ctx.limiter.check('loginAccount', user.email);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await deps.ctx.limiter.penalize('loginAccount', user.email);
    throw new HttpError(400, 'current_password_wrong', messages.currentPasswordWrong);
  }
}

/** Best effort: the change stands even if a notice cannot be mailed; the log says so. */
async function notify(deps: AuthDeps, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    mailUnavailable(deps, error);
  }
}

/**
 * A verified account keeps its address until the new one is confirmed through a link sent to
 * it, and the address in force is told. A never-verified signup simply moves (a typo fixed).
 */
async function changeEmail(deps: AuthDeps, user: UserRow, email: string): Promise<UserRow> {
  const { ctx } = deps;
  await ctx.limiter.consume('emailChangeUser', user.id);
  try {
    await claimAddress(deps, email, { exceptUserId: user.id, dryRun: user.emailVerified });
  } catch (error) {
    // Pending or active, the address belongs to someone else: the account screen's code.
    if (error instanceof HttpError) {
      throw new HttpError(409, 'duplicate_account_active', messages.accountDuplicate);
    }
    throw error;
  }
  const now = new Date(ctx.clock.now());
  await deps.emailTokens.retireAll(user.id, 'email_change', now);
  if (!user.emailVerified) {
    const moved = await deps.users.update(user.id, { email, signedUpAt: now, pendingEmail: null });
    await deps.emailTokens.retireAll(user.id, 'verify', now);
    await notify(deps, () => sendVerificationLink(deps, moved));
    return moved;
  }
  const updated = await deps.users.update(user.id, { pendingEmail: email });
  try {
    await sendEmailChangeLink(deps, updated, email);
  } catch (error) {
    throw mailUnavailable(deps, error);
  }
  await notify(deps, () => sendEmailChangeNotice(deps, updated, email));
  return updated;
}

/**
 * PUT /api/auth/user: the signed-in user's email and/or password; an empty field is left as it
 * is. A new password ends every session (other browsers get 401 at once, sockets close), and
 * this browser carries on with the fresh token in the answer.
 */
export async function updateAccount(
  deps: AuthDeps,
  { user }: Authenticated,
  input: UpdateUserRequest,
): Promise<UpdateUserResponse> {
  await deps.ctx.limiter.consume('accountUpdateUser', user.id);
  const rawEmail = input.email?.trim() ?? '';
  let email: string | null = null;
  if (rawEmail) {
    email = acceptableEmail(rawEmail);
    if (!email) throw new HttpError(400, 'invalid_email', messages.invalidEmail);
    if (email === user.email) email = null;
  }
  const password = input.password ?? '';
  if (password) {
    assertNewPassword(password, () => new HttpError(400, 'invalid_content', messages.passwordTooShort));
  }
  if (!email && !password) return { success: true, user: await presentUser(deps.ctx.database.db, user) };
  await reauthenticate(deps, user, input.current_password ?? '');

  const response: Partial<UpdateUserResponse> = {};
  let updated = user;
  if (email) {
    updated = await changeEmail(deps, updated, email);
    if (updated.pendingEmail) response.message = messages.emailChangeSent;
  }
  if (password) {
    updated = await deps.users.update(updated.id, { passwordHash: await hashPassword(password) });
    updated = await endAllSessions(deps, updated);
    await deps.emailTokens.retireAll(updated.id, 'reset', new Date(deps.ctx.clock.now()));
    response.access_token = await issueAccessToken(deps, updated);
    const changed = updated;
    await notify(deps, () => sendPasswordChangedNotice(deps, changed));
  }
  return { success: true, user: await presentUser(deps.ctx.database.db, updated), ...response };
}

import { messages, type UpdateUserRequest, type UpdateUserResponse } from '@tapeline/core';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';
import { sendVerificationLink } from './emailLinks.ts';
import { mailUnavailable } from './mailFailure.ts';
import { acceptableEmail, acceptablePassword } from './rules.ts';
import { claimAddress } from './signup.ts';
import type { UserPatch } from './usersRepository.ts';
import { presentUser } from './userView.ts';

/**
 * Changes the signed-in user's email and/or password; an empty field is left as it is.
 * A new email must be verified again. A new password ends every other session, so the
 * answer carries a fresh token for this one.
 */
export async function updateAccount(
  deps: AuthDeps,
  user: UserRow,
  input: UpdateUserRequest,
): Promise<UpdateUserResponse> {
  const patch: UserPatch = {};
  const rawEmail = input.email?.trim() ?? '';
  let emailChanged = false;
  if (rawEmail) {
    const email = acceptableEmail(rawEmail);
    if (!email) throw new HttpError(400, 'invalid_email', messages.invalidEmail);
    if (email !== user.email) {
      try {
        await claimAddress(deps, email, user.id);
      } catch (error) {
        // Pending or active, the address belongs to someone else: the account screen's code.
        if (error instanceof HttpError) {
          throw new HttpError(409, 'duplicate_account_active', messages.accountDuplicate);
        }
        throw error;
      }
      Object.assign(patch, { email, emailVerified: false, signedUpAt: deps.ctx.clock.now() });
      emailChanged = true;
    }
  }
  const password = input.password ?? '';
  if (password) {
    if (!acceptablePassword(password)) throw new HttpError(400, 'invalid_content', messages.passwordTooShort);
    Object.assign(patch, { passwordHash: await hashPassword(password), tokenVersion: user.tokenVersion + 1 });
  }
  if (Object.keys(patch).length === 0)
    return { success: true, user: await presentUser(deps.ctx.database.db, user) };

  const updated = await deps.users.update(user.id, patch);
  if (emailChanged) {
    try {
      await sendVerificationLink(deps, updated);
    } catch (error) {
      deps.ctx.log.warn('email changed but its verification mail failed; the user can resend');
      mailUnavailable(deps, error);
    }
  }
  const response: UpdateUserResponse = {
    success: true,
    user: await presentUser(deps.ctx.database.db, updated),
  };
  if (password) {
    response.access_token = await deps.ctx.tokens.issue({
      userId: updated.id,
      tokenVersion: updated.tokenVersion,
    });
  }
  return response;
}

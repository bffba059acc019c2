import {
  DUPLICATE_PENDING_WAIT_MS,
  messages,
  type RegisterRequest,
  type SessionResponse,
  type SignupRequest,
  type SignupResponse,
  USERNAME_MAX_LENGTH,
} from '@tapeline/core';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';
import { sendVerificationLink } from './emailLinks.ts';
import { mailUnavailable } from './mailFailure.ts';
import { acceptableEmail, acceptablePassword } from './rules.ts';
import { issueSession } from './session.ts';
import { toUserView } from './userView.ts';

const invalidContent = () => new HttpError(400, 'invalid_content', messages.signupInvalidContent);

/**
 * An address is taken by a verified account, and held for 2 hours by an unverified signup;
 * after that a stale signup gives way to whoever signs up next.
 */
export async function claimAddress(deps: AuthDeps, email: string, exceptUserId?: string): Promise<void> {
  const existing = await deps.users.findByEmail(email);
  if (!existing || existing.id === exceptUserId) return;
  if (existing.emailVerified) {
    throw new HttpError(409, 'duplicate_account_active', messages.signupDuplicateActive);
  }
  const heldUntil = existing.signedUpAt.getTime() + DUPLICATE_PENDING_WAIT_MS;
  if (deps.ctx.clock.now().getTime() < heldUntil) {
    throw new HttpError(409, 'duplicate_account_pending', messages.signupDuplicatePending);
  }
  await deps.users.remove(existing.id);
}

async function createPendingUser(
  deps: AuthDeps,
  input: SignupRequest,
  username: string | null,
): Promise<UserRow> {
  const email = acceptableEmail(input.email);
  if (!email || !acceptablePassword(input.password)) throw invalidContent();
  await claimAddress(deps, email);
  const user = await deps.users.insert({
    email,
    passwordHash: await hashPassword(input.password),
    username,
    signedUpAt: deps.ctx.clock.now(),
  });
  try {
    await sendVerificationLink(deps, user);
  } catch (error) {
    // Without the mail the account could never be verified, and it would hold the address.
    await deps.users.remove(user.id);
    throw mailUnavailable(deps, error);
  }
  return user;
}

export async function signup(deps: AuthDeps, input: SignupRequest): Promise<SignupResponse> {
  const user = await createPendingUser(deps, input, null);
  return { success: true, user: toUserView(user) };
}

/** Signup with a username that answers with a session at once (spec: payload not shown). */
export async function register(deps: AuthDeps, input: RegisterRequest): Promise<SessionResponse> {
  const username = input.username.trim();
  if (!username || username.length > USERNAME_MAX_LENGTH) throw invalidContent();
  const user = await createPendingUser(deps, input, username);
  return issueSession(deps, user);
}

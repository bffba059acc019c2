import {
  messages,
  type RegisterRequest,
  type SessionResponse,
  type SignupRequest,
  type SignupResponse,
} from '@tapeline/core';
import { usernameProblem } from '@tapeline/core/username';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { uniqueViolation } from '../../platform/db/uniqueViolation.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { assertUsernameFree, checkUsername } from '../users/usernames.ts';
import { claimAddress } from './claimAddress.ts';
import type { AuthDeps } from './deps.ts';
import { sendVerificationLink } from './emailLinks.ts';
import { mailUnavailable } from './mailFailure.ts';
import { acceptableEmail, assertNewPassword } from './rules.ts';
import { issueSession } from './session.ts';
import { toUserView } from './userView.ts';

const invalidContent = () => new HttpError(400, 'invalid_content', messages.signupInvalidContent);

async function createPendingUser(
  deps: AuthDeps,
  input: SignupRequest,
  username: string | null,
): Promise<UserRow> {
  const email = acceptableEmail(input.email);
  if (!email) throw invalidContent();
  assertNewPassword(input.password, invalidContent);
  if (username) await assertUsernameFree(deps.ctx.database.db, username);
  await claimAddress(deps, email);
  let user: UserRow;
  try {
    user = await deps.users.insert({
      email,
      passwordHash: await hashPassword(input.password),
      // Only a verified account holds a name: until then it is a wish (users/usernames.ts).
      requestedUsername: username,
      signedUpAt: new Date(deps.ctx.clock.now()),
    });
  } catch (error) {
    // Two signups raced past the checks: the database's unique constraints pick one winner.
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw new HttpError(409, 'duplicate_account_pending', messages.signupDuplicatePending);
  }
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

/**
 * Signup with a username that answers with a session at once (spec: payload not shown). The
 * username obeys the same rules as POST /api/profile (core `usernameProblem`, unique by key) and
 * is refused when a verified account holds it; it is stored as a wish, held by nobody and listed
 * nowhere until the address is verified (then claimed if still free), and it goes with an
 * abandoned signup.
 */
export async function register(deps: AuthDeps, input: RegisterRequest): Promise<SessionResponse> {
  // Empty or too long is the signup screen's invalid_content; odd characters get their own code.
  const problem = usernameProblem(input.username);
  if (problem === 'required' || problem === 'too_long') throw invalidContent();
  const username = checkUsername(input.username);
  const user = await createPendingUser(deps, input, username);
  return issueSession(deps, user);
}

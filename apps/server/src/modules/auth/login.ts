import { type LoginRequest, messages, normalizeEmail, type SessionResponse } from '@tapeline/core';
import { burnPasswordCheck, verifyPassword } from '../../platform/auth/passwords.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';
import { acceptableEmail } from './rules.ts';
import { issueSession } from './session.ts';

/**
 * Attempts are counted per IP and per IP+account, so a stranger hammering an account from
 * elsewhere never locks its owner out; failures per account are capped for 10 minutes at most.
 */
export async function login(deps: AuthDeps, input: LoginRequest, ip: string): Promise<SessionResponse> {
  if (!input.email.trim() || !input.password) {
    throw new HttpError(400, 'empty_credentials', messages.loginEmpty);
  }
  const email = acceptableEmail(input.email);
  if (!email) throw new HttpError(400, 'invalid_email', messages.invalidEmail);
  const { limiter } = deps.ctx;
  await limiter.consume('loginIp', ip);
  await limiter.consume('loginAccountIp', `${normalizeEmail(email)}|${ip}`);
  await limiter.check('loginAccount', email);

  const user = await deps.users.findByEmail(email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new HttpError(404, 'email_not_found', messages.loginInvalidEmail);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await limiter.penalize('loginAccount', email);
    throw new HttpError(400, 'invalid_password', messages.loginInvalidCredentials);
  }
  await limiter.reset('loginAccountIp', `${email}|${ip}`);
  return issueSession(deps, user);
}

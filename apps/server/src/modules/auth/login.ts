import { type LoginRequest, messages, type SessionResponse } from '@tapeline/core';
import { burnPasswordCheck, verifyPassword } from '../../platform/auth/passwords.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';
import { loginDelayMs } from './loginDelay.ts';
import { acceptableEmail } from './rules.ts';
import { issueSession } from './session.ts';

/**
 * Attempts are capped per IP and per IP+account. An account's failures from everywhere slow
 * every attempt on it (`loginDelayMs`) and, past a wide cap, stop addresses that never signed
 * in to it; an address the owner signed in from before always gets through, so a flood of
 * guesses never locks the owner out.
 */
export async function login(deps: AuthDeps, input: LoginRequest, ip: string): Promise<SessionResponse> {
  if (!input.email.trim() || !input.password) {
    throw new HttpError(400, 'empty_credentials', messages.loginEmpty);
  }
  const email = acceptableEmail(input.email);
  if (!email) throw new HttpError(400, 'invalid_email', messages.invalidEmail);
  const { limiter, clock } = deps.ctx;
  await limiter.consume('loginIp', ip);
  await limiter.consume('loginAccountIp', `${email}|${ip}`);

  const user = await deps.users.findByEmail(email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new HttpError(404, 'email_not_found', messages.loginInvalidEmail);
  }
  if (!(await deps.loginAddresses.known(user.id, ip))) await limiter.check('loginAccount', email);
  // Before the check, whatever its outcome, so a guesser learns nothing by hanging up early.
  const delay = loginDelayMs(await limiter.used('loginAccount', email));
  if (delay > 0) await clock.sleep(delay);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await limiter.penalize('loginAccount', email);
    throw new HttpError(400, 'invalid_password', messages.loginInvalidCredentials);
  }
  await limiter.reset('loginAccountIp', `${email}|${ip}`);
  await deps.loginAddresses.remember(user.id, ip, new Date(clock.now()));
  return issueSession(deps, user);
}

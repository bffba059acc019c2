import { type GoogleRequest, messages, type SessionResponse } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';
import { acceptableEmail } from './rules.ts';
import { issueSession } from './session.ts';

/**
 * Signs in with a Google ID token. Accounts are keyed by Google's `sub`. An existing account
 * with the same address is linked only because Google vouches for that address
 * (email_verified); if that account was never verified, whoever set its password never proved
 * the address, so the password is dropped rather than left as a way in.
 */
export async function googleSignIn(
  deps: AuthDeps,
  input: GoogleRequest,
  ip: string,
): Promise<SessionResponse> {
  await deps.ctx.limiter.consume('googleIp', ip);
  const failed = () => new HttpError(400, 'google_failed', messages.googleFailed);
  const identity = deps.ctx.google ? await deps.ctx.google.verify(input.id_token) : null;
  if (!identity) throw failed();

  const bySub = await deps.users.findByGoogleSub(identity.sub);
  if (bySub) return issueSession(deps, bySub);

  const email = acceptableEmail(identity.email);
  if (!email) throw failed();
  const byEmail = await deps.users.findByEmail(email);
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) throw failed();
    const linked = await deps.users.update(byEmail.id, {
      googleSub: identity.sub,
      emailVerified: true,
      // An unverified signup on the address was not the owner's doing: its password and wish go.
      ...(byEmail.emailVerified
        ? {}
        : { passwordHash: null, requestedUsername: null, tokenVersion: byEmail.tokenVersion + 1 }),
    });
    return issueSession(deps, linked);
  }
  const created = await deps.users.insert({
    email,
    googleSub: identity.sub,
    emailVerified: true,
    signedUpAt: new Date(deps.ctx.clock.now()),
  });
  return issueSession(deps, created);
}

import { type EmailRequest, messages } from '@tapeline/core';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';
import { acceptableEmail } from './rules.ts';

/**
 * The account a mail-sending call (resend, forgot) addresses: a valid address, within the
 * per-IP and per-account mail allowance, that belongs to someone (else `no_user` in the
 * screen's own words).
 */
export async function mailRecipient(
  deps: AuthDeps,
  input: EmailRequest,
  ip: string,
  noUserMessage: string,
): Promise<UserRow> {
  const email = acceptableEmail(input.email);
  if (!email) throw new HttpError(400, 'invalid_email', messages.invalidEmail);
  await deps.ctx.limiter.consume('mailIp', ip);
  await deps.ctx.limiter.consume('mailAccount', email);
  const user = await deps.users.findByEmail(email);
  if (!user) throw new HttpError(404, 'no_user', noUserMessage);
  return user;
}

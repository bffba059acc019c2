import { DUPLICATE_PENDING_WAIT_MS, messages } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from './deps.ts';

/**
 * Makes an address free for a signup or an email change, or throws the 409 it earns. An address
 * is taken by any account that is verified, signs in with Google, or has ever held a
 * subscription, a card, invoices or settings: such an account is never deleted by someone else's
 * signup. A never-verified, never-paid signup holds its address for 2 hours; after that it gives
 * way (and is deleted) — unless `dryRun`, which only asks whether it would.
 */
export async function claimAddress(
  deps: AuthDeps,
  email: string,
  options: { exceptUserId?: string; dryRun?: boolean } = {},
): Promise<void> {
  const existing = await deps.users.findByEmail(email);
  if (!existing || existing.id === options.exceptUserId) return;
  if (existing.emailVerified || existing.googleSub) {
    throw new HttpError(409, 'duplicate_account_active', messages.signupDuplicateActive);
  }
  const pending = () => new HttpError(409, 'duplicate_account_pending', messages.signupDuplicatePending);
  const heldUntil = existing.signedUpAt.getTime() + DUPLICATE_PENDING_WAIT_MS;
  if (deps.ctx.clock.now() < heldUntil) throw pending();
  if (options.dryRun) {
    if (await deps.users.hasHistory(existing.id)) throw pending();
    return;
  }
  if (!(await deps.users.removeAbandonedSignup(existing.id))) throw pending();
}

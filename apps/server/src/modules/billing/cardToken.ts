import { type LocalCardTokenRequest, messages } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { createLocalCardToken } from './providers/local/cards.ts';

/** POST /api/billing/local/tokens: the local provider's stand-in for Stripe Elements' createToken. */
export async function createCardToken(
  ctx: AppContext,
  input: LocalCardTokenRequest,
): Promise<{ id: string }> {
  return createLocalCardToken(ctx.database.db, input, new Date(ctx.clock.now()));
}

/**
 * Only the local provider takes card numbers; under Stripe the route answers 404 (after the
 * sign-in check, before the body is read, as it always has).
 */
export function assertLocalCards(ctx: AppContext): void {
  if (ctx.billing.kind !== 'local') throw new HttpError(404, 'not_found', messages.notFound);
}

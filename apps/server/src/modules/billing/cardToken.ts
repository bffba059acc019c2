import { localCardTokenRequestSchema, messages } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { createLocalCardToken } from './providers/local/cards.ts';

/** POST /api/billing/local/tokens: the local provider's stand-in for Stripe Elements' createToken. */
export async function createCardToken(ctx: AppContext, body: unknown): Promise<{ id: string }> {
  if (ctx.billing.kind !== 'local') throw new HttpError(404, 'not_found', messages.notFound);
  const input = parseInput(localCardTokenRequestSchema, body, 'bad_request', messages.paymentMethodFailed);
  return createLocalCardToken(ctx.database.db, input, ctx.clock.now());
}

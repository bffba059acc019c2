import { messages, type Subscription, subscriptionParamsSchema } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { toSubscriptionView } from './currentBilling.ts';
import { noSuchSubscription } from './errors.ts';
import { findOwnedSubscription } from './repository.ts';

/** DELETE /api/stripe/subscription/:id: cancels at period end; someone else's id is "no such". */
export async function cancelSubscription(
  ctx: AppContext,
  user: UserRow,
  params: unknown,
): Promise<Subscription> {
  const { id } = parseInput(subscriptionParamsSchema, params, 'bad_request', messages.cancelFailed);
  const sub = await findOwnedSubscription(ctx.database.db, id, user.id);
  if (!sub) throw noSuchSubscription(id);
  return toSubscriptionView(await ctx.billing.cancel(sub));
}

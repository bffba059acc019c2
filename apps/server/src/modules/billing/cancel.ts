import type { Subscription } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { toSubscriptionView } from './currentBilling.ts';
import { ownedSubscription } from './ownedSubscription.ts';

/** DELETE /api/stripe/subscription/:id: cancels at period end; someone else's id is "no such". */
export async function cancelSubscription(
  ctx: AppContext,
  user: UserRow,
  { id }: { id: string },
): Promise<Subscription> {
  const sub = await ownedSubscription(ctx, user, id);
  return toSubscriptionView(await ctx.billing.cancel(sub));
}

import type { Subscription } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { toSubscriptionView } from './currentBilling.ts';
import { notResumable } from './errors.ts';
import { ownedSubscription } from './ownedSubscription.ts';

const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * POST /api/stripe/subscription/:id/resume: undoes a pending cancellation, so the plan renews
 * at its period end as before. Someone else's id is "no such", as for cancel; one with no
 * cancellation pending is answered unchanged; one that has ended is refused (subscribe again).
 */
export async function resumeSubscription(
  ctx: AppContext,
  user: UserRow,
  { id }: { id: string },
): Promise<Subscription> {
  const sub = await ownedSubscription(ctx, user, id);
  if (sub.endedAt || ENDED.has(sub.status)) throw notResumable(id);
  if (!sub.cancelAtPeriodEnd) return toSubscriptionView(sub);
  return toSubscriptionView(await ctx.billing.resume(sub));
}

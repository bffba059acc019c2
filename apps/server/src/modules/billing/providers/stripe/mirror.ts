import { discounted } from '@tapeline/core';
import type Stripe from 'stripe';
import type { Db } from '../../../../platform/db/client.ts';
import type { SubscriptionRow } from '../../../../platform/db/schema.ts';
import { findCustomerByProviderId, upsertSubscription } from '../../repository.ts';

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

function couponOf(sub: Stripe.Subscription): Stripe.Coupon | null {
  for (const discount of sub.discounts ?? []) {
    if (typeof discount === 'string') continue;
    const coupon = discount.source?.coupon;
    if (coupon && typeof coupon !== 'string') return coupon;
  }
  return null;
}

/** Our plan id for a Stripe price: its lookup key when set, else its id (Stripe plans created with our ids). */
export function planIdOf(price: Pick<Stripe.Price, 'id' | 'lookup_key'> | null | undefined): string {
  return price?.lookup_key ?? price?.id ?? 'unknown';
}

/**
 * Stores Stripe's current view of a subscription. Always fed from an API read, never from an
 * event body, so events arriving late or twice cannot move it backwards.
 */
export async function mirrorSubscription(
  db: Db,
  sub: Stripe.Subscription,
  now: Date,
  knownUserId?: string,
): Promise<SubscriptionRow | null> {
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  const userId = knownUserId ?? (await findCustomerByProviderId(db, customerId))?.userId;
  if (!userId) return null;
  const item = sub.items.data[0];
  const coupon = couponOf(sub);
  const created = toDate(sub.created) ?? now;
  return upsertSubscription(
    db,
    {
      id: sub.id,
      userId,
      provider: 'stripe',
      plan: planIdOf(item?.price),
      amount: discounted(item?.price?.unit_amount ?? 0, coupon?.percent_off),
      status: sub.status,
      couponId: coupon?.id ?? null,
      percentOff: coupon?.percent_off ?? null,
      trialEnd: toDate(sub.trial_end),
      currentPeriodStart: toDate(item?.current_period_start) ?? created,
      currentPeriodEnd: toDate(item?.current_period_end) ?? created,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      canceledAt: toDate(sub.canceled_at),
      endedAt: toDate(sub.ended_at),
      createdAt: created,
    },
    now,
  );
}

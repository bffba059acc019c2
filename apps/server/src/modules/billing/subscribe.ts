import type { Coupon, CreateSubscriptionRequest, Subscription } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { findCurrentSubscription, findCustomer, toSubscriptionView } from './currentBilling.ts';
import { cardRequired, noSuchCoupon, noSuchPlan } from './errors.ts';

/**
 * POST /api/stripe/subscription {plan, coupon?}: starts a subscription (trial first) or, for a
 * live one, switches its plan with credit for unused time. Legacy plans are accepted by id.
 */
export async function subscribe(
  ctx: AppContext,
  user: UserRow,
  input: CreateSubscriptionRequest,
): Promise<Subscription> {
  const plan = ctx.billing.catalog.find(input.plan);
  if (!plan) throw noSuchPlan(input.plan);
  let coupon: Coupon | null = null;
  const code = input.coupon?.trim();
  if (code) {
    coupon = await ctx.billing.findCoupon(code);
    if (!coupon) throw noSuchCoupon(code, 400);
  }
  const { db } = ctx.database;
  const customer = await findCustomer(db, user.id);
  if (!customer?.paymentMethodId) throw cardRequired();
  const current = await findCurrentSubscription(db, user.id);
  const row = await ctx.billing.subscribe({ user, customer, plan, coupon, current });
  return toSubscriptionView(row);
}

import type { Customer, Subscription } from '@tapeline/core';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  type BillingCustomerRow,
  billingCustomers,
  type SubscriptionRow,
  subscriptions,
} from '../../platform/db/schema.ts';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

type Refresh = (userId: string) => Promise<void>;
/**
 * The provider's "bring this user's billing up to date" (local: due renewals), keyed by database
 * so every reader below (user view, tier guards) answers with current state without knowing
 * which provider runs. Registered by the provider when the context is built.
 */
const refreshers = new WeakMap<Db, Refresh>();

export function registerBillingRefresh(db: Db, refresh: Refresh): void {
  refreshers.set(db, refresh);
}

/** The user's newest subscription: the one every tier rule reads. */
export async function findCurrentSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  await refreshers.get(db)?.(userId);
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function findCustomer(db: Db, userId: string): Promise<BillingCustomerRow | undefined> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1);
  return row;
}

export function toSubscriptionView(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    plan: row.plan,
    amount: row.amount,
    status: row.status,
    ended_at: seconds(row.endedAt),
    canceled_at: seconds(row.canceledAt),
    // A cancellation at period end takes effect then: the screens say "Cancels on <date>".
    cancel_at: row.cancelAtPeriodEnd && !row.endedAt ? seconds(row.currentPeriodEnd) : null,
    // What a plan change carries over unless another coupon is given (the plan screen says so).
    ...(row.percentOff ? { percent_off: row.percentOff } : {}),
  };
}

export function toCustomerView(row: BillingCustomerRow): Customer | null {
  if (!row.cardLast4) return null;
  return {
    card_kind: row.cardKind ?? 'card',
    card_last_4: row.cardLast4,
    card_exp_month: row.cardExpMonth ?? 0,
    card_exp_year: row.cardExpYear ?? 0,
  };
}

export interface BillingView {
  subscription: Subscription | null;
  customer: Customer | null;
}

export async function loadBillingView(db: Db, userId: string): Promise<BillingView> {
  const [sub, customer] = await Promise.all([findCurrentSubscription(db, userId), findCustomer(db, userId)]);
  return {
    subscription: sub ? toSubscriptionView(sub) : null,
    customer: customer ? toCustomerView(customer) : null,
  };
}

import type { User } from '@tapeline/core';
import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { billingCustomers, type SubscriptionRow, subscriptions, users } from '../../platform/db/schema.ts';
import { toUserView } from '../auth/userView.ts';
import { toCustomerView, toSubscriptionView } from '../billing/currentBilling.ts';

/**
 * Every user as the API shows them (never a hash). Three queries for the whole table instead
 * of two per user: the admin table loads everyone at once.
 */
export async function listUsers(db: Db): Promise<User[]> {
  const [rows, subs, customers] = await Promise.all([
    db.select().from(users).orderBy(asc(users.createdAt)),
    db.select().from(subscriptions).orderBy(desc(subscriptions.createdAt)),
    db.select().from(billingCustomers),
  ]);
  // Newest first, so the first seen per user is the current one (as findCurrentSubscription).
  const current = new Map<string, SubscriptionRow>();
  for (const sub of subs) if (!current.has(sub.userId)) current.set(sub.userId, sub);
  const cards = new Map(customers.map((c) => [c.userId, c]));
  return rows.map((row) => {
    const sub = current.get(row.id);
    const card = cards.get(row.id);
    return toUserView(row, {
      subscription: sub ? toSubscriptionView(sub) : null,
      customer: card ? toCustomerView(card) : null,
    });
  });
}

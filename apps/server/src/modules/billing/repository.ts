import type { Invoice } from '@tapeline/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  type BillingCustomerRow,
  billingCustomers,
  type InvoiceRow,
  invoices,
  type SubscriptionRow,
  subscriptions,
} from '../../platform/db/schema.ts';

type NewSubscription = typeof subscriptions.$inferInsert;
type NewCustomer = typeof billingCustomers.$inferInsert;
type NewInvoice = typeof invoices.$inferInsert;

// Writers take `now` (the caller's injected clock) for `updatedAt`: a repository reads no clock.

export async function insertSubscription(db: Db, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

/** Insert or refresh a provider's subscription (Stripe mirrors arrive in any order, any number of times). */
export async function upsertSubscription(
  db: Db,
  values: NewSubscription,
  now: Date,
): Promise<SubscriptionRow> {
  const { id: _id, userId: _u, createdAt: _c, ...changes } = values;
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.id, set: { ...changes, updatedAt: now } })
    .returning();
  if (!row) throw new Error('subscription upsert returned nothing');
  return row;
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Partial<NewSubscription>,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: now })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** A subscription only its owner may touch; anyone else gets the same answer as for no such id. */
export async function findOwnedSubscription(db: Db, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .limit(1);
  return row;
}

export async function saveCustomerRow(db: Db, values: NewCustomer, now: Date): Promise<BillingCustomerRow> {
  const { userId: _u, createdAt: _c, ...changes } = values;
  const [row] = await db
    .insert(billingCustomers)
    .values(values)
    .onConflictDoUpdate({ target: billingCustomers.userId, set: { ...changes, updatedAt: now } })
    .returning();
  if (!row) throw new Error('customer upsert returned nothing');
  return row;
}

export async function findCustomerByProviderId(db: Db, providerCustomerId: string) {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.providerCustomerId, providerCustomerId))
    .limit(1);
  return row;
}

/** Deterministic ids make a renewal that two nodes race on land once. */
export async function insertInvoice(db: Db, values: NewInvoice): Promise<void> {
  await db.insert(invoices).values(values).onConflictDoNothing();
}

export async function listInvoices(db: Db, userId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.created), desc(invoices.id))
    .limit(100);
}

export function toInvoiceView(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    created: Math.floor(row.created.getTime() / 1000),
    total: row.total,
    status: row.status,
    lines: { data: [{ plan: { id: row.planId } }] },
  };
}

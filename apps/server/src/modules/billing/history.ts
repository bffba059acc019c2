import type { Invoice } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { findCustomer } from './currentBilling.ts';

/** GET /api/stripe/history: invoices newest first (created in seconds, totals in cents). */
export async function paymentHistory(ctx: AppContext, user: UserRow): Promise<{ data: Invoice[] }> {
  const customer = await findCustomer(ctx.database.db, user.id);
  return { data: await ctx.billing.history(user.id, customer) };
}

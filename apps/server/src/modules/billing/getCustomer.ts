import type { Customer } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { findCustomer, toCustomerView } from './currentBilling.ts';

/** GET /api/stripe/customer: the saved card, or null before one is saved. */
export async function getCustomer(ctx: AppContext, user: UserRow): Promise<Customer | null> {
  const row = await findCustomer(ctx.database.db, user.id);
  return row ? toCustomerView(row) : null;
}

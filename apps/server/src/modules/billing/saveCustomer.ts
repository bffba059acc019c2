import { type Customer, messages, type SaveCustomerRequest } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { findCustomer, toCustomerView } from './currentBilling.ts';

/** POST /api/stripe/customer {token}: saves (or replaces) the card the next charges use. */
export async function saveCustomer(
  ctx: AppContext,
  user: UserRow,
  { token }: SaveCustomerRequest,
): Promise<Customer> {
  const existing = await findCustomer(ctx.database.db, user.id);
  const saved = await ctx.billing.saveCard(user, token, existing);
  const view = toCustomerView(saved);
  if (!view) throw new HttpError(402, 'card_error', messages.paymentMethodFailed);
  return view;
}

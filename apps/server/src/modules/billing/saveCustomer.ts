import { type Customer, messages, saveCustomerRequestSchema } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { findCustomer, toCustomerView } from './currentBilling.ts';

/** POST /api/stripe/customer {token}: saves (or replaces) the card the next charges use. */
export async function saveCustomer(ctx: AppContext, user: UserRow, body: unknown): Promise<Customer> {
  const { token } = parseInput(saveCustomerRequestSchema, body, 'bad_request', messages.paymentMethodFailed);
  const existing = await findCustomer(ctx.database.db, user.id);
  const saved = await ctx.billing.saveCard(user, token, existing);
  const view = toCustomerView(saved);
  if (!view) throw new HttpError(402, 'card_error', messages.paymentMethodFailed);
  return view;
}

import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './usersSchema.ts';

// Billing: customers, subscriptions, invoices and provider events.
// schema.ts re-exports every module's tables for drizzle and drizzle-kit.

/** The saved card of a billing customer, as the provider reported it (never the number). */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  /** The provider's payment method (local: the card token's id, whose test behaviour applies). */
  paymentMethodId: text('payment_method_id'),
  cardKind: text('card_kind'),
  cardLast4: text('card_last_4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    /** The provider's id (local: `sub_…`, stripe: Stripe's). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    plan: text('plan').notNull(),
    /** Cents per interval after any coupon. */
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    couponId: text('coupon_id'),
    percentOff: integer('percent_off'),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Failed charge attempts in a row (local lifecycle: past_due, then unpaid). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    planId: text('plan_id').notNull(),
    /** Cents; negative for a credit. */
    total: integer('total').notNull(),
    status: text('status', { enum: ['paid', 'open', 'failed', 'void'] }).notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.created)],
);

/** Card tokens of the local test-mode provider: single use, like Stripe's. */
export const localCardTokens = pgTable('local_card_tokens', {
  id: text('id').primaryKey(),
  cardKind: text('card_kind').notNull(),
  last4: text('last_4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  name: text('name').notNull(),
  /** What Stripe's matching test number does: succeed, or fail on attach or on charge. */
  behaviour: text('behaviour').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Provider webhook events already applied, so a redelivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

import type { Coupon, Invoice } from '@tapeline/core';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/client.ts';
import type { BillingCustomerRow, SubscriptionRow, UserRow } from '../../platform/db/schema.ts';
import type { Log } from '../../platform/log.ts';
import type { Catalog, PlanDef } from './catalog.ts';

/** What a provider needs from the context; AppContext satisfies it, and so do unit harnesses. */
export interface BillingDeps {
  config: Config;
  database: Database;
  clock: Clock;
  log: Log;
}

export interface SubscribeInput {
  user: UserRow;
  customer: BillingCustomerRow;
  plan: PlanDef;
  coupon: Coupon | null;
  /** The user's newest subscription, if any: a live one is changed rather than duplicated. */
  current: SubscriptionRow | undefined;
}

/**
 * One interface, two implementations: `local` (a test-mode provider that keeps everything in our
 * database and runs the lifecycle on the server clock) and `stripe` (the official SDK; our tables
 * mirror Stripe, kept current by webhooks). Actions never know which one they talk to.
 */
export interface BillingProvider {
  readonly kind: 'local' | 'stripe';
  readonly catalog: Catalog;
  /** Brings stored billing up to date before it is read (local: runs due renewals; stripe: webhooks do it). */
  refresh(userId?: string): Promise<void>;
  /** Attaches the card behind a token (single use) and stores what the provider says about it. */
  saveCard(
    user: UserRow,
    token: string,
    existing: BillingCustomerRow | undefined,
  ): Promise<BillingCustomerRow>;
  subscribe(input: SubscribeInput): Promise<SubscriptionRow>;
  /** Cancels at period end: the plan stays until then. */
  cancel(subscription: SubscriptionRow): Promise<SubscriptionRow>;
  /** Undoes a pending cancellation (the caller has checked one is pending and the period runs). */
  resume(subscription: SubscriptionRow): Promise<SubscriptionRow>;
  /** Invoices, newest first. */
  history(userId: string, customer: BillingCustomerRow | undefined): Promise<Invoice[]>;
  findCoupon(code: string): Promise<Coupon | null>;
  /** Stripe only: a signed event on its raw body. Absent for providers without webhooks. */
  webhook?(payload: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true }>;
}

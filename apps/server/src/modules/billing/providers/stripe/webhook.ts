import { serverMessages } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { billingEvents } from '../../../../platform/db/schema.ts';
import { HttpError } from '../../../../platform/http/errors.ts';
import { providerUnavailable } from '../../errors.ts';
import type { BillingDeps } from '../../provider.ts';
import { mirrorSubscription } from './mirror.ts';

/** Stripe's own default: a signed event older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const badSignature = () => new HttpError(400, 'invalid_signature', serverMessages.webhookSignature);

/**
 * Verifies and applies one event. Idempotent on the event id (billing_events); for
 * customer.subscription.* it reads the subscription from the API instead of trusting the
 * event's copy, so out-of-order delivery still leaves the newest state.
 */
export async function handleStripeEvent(
  deps: BillingDeps,
  stripe: Stripe,
  secret: string,
  payload: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate?: true }> {
  if (!signature) throw badSignature();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      payload,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      deps.clock.now(),
    );
  } catch {
    throw badSignature();
  }
  const { db } = deps.database;
  const [seen] = await db.select().from(billingEvents).where(eq(billingEvents.id, event.id)).limit(1);
  if (seen) return { received: true, duplicate: true };

  if (event.type.startsWith('customer.subscription.')) {
    const id = (event.data.object as { id?: unknown }).id;
    if (typeof id === 'string') {
      const current = await stripe.subscriptions
        .retrieve(id, { expand: ['discounts'] })
        .catch((error: unknown) => {
          // Stripe has no such subscription (another account's, or test data): nothing to mirror.
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
            return null;
          deps.log.error({ err: error, event: event.id }, 'stripe webhook: subscription read failed');
          // 503: Stripe delivers the event again later.
          throw providerUnavailable();
        });
      if (current) await mirrorSubscription(db, current, new Date(deps.clock.now()));
    }
  }
  // Recorded only after it was applied: a failure answers 5xx and Stripe delivers it again.
  await db.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return { received: true };
}

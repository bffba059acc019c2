import { type Coupon, DEFAULT_PLAN_IDS, type Invoice, LEGACY_PLAN_IDS, messages } from '@tapeline/core';
import Stripe from 'stripe';
import type { StripeSettings } from '../../../../platform/config.ts';
import { HttpError } from '../../../../platform/http/errors.ts';
import { buildCatalog } from '../../catalog.ts';
import { findCurrentSubscription } from '../../currentBilling.ts';
import { badProviderAnswer, cardError, providerUnavailable } from '../../errors.ts';
import type { BillingDeps, BillingProvider } from '../../provider.ts';
import { saveCustomerRow } from '../../repository.ts';
import { trialDaysFor } from '../../trial.ts';
import { mirrorSubscription, planIdOf } from './mirror.ts';
import { stripePrices } from './prices.ts';
import { handleStripeEvent } from './webhook.ts';

const LIVE = new Set(['trialing', 'active', 'past_due', 'incomplete']);
const OWING = new Set(['past_due', 'unpaid']);

/** Whatever Stripe answers is stored under its id: an answer without one is refused, never kept as null. */
function withId<T extends { id?: string | null }>(answer: T): T & { id: string } {
  if (typeof answer?.id !== 'string' || !answer.id) throw badProviderAnswer();
  return answer as T & { id: string };
}

/** The SDK client; STRIPE_API_BASE points it elsewhere (tests: a fake API on loopback). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Card problems keep Stripe's words (the client shows them); anything else is ours to log. */
async function stripeCall<T>(deps: BillingDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw cardError(error.message);
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code !== 'resource_missing') {
      throw new HttpError(400, 'billing_rejected', error.message);
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError)
      throw new HttpError(404, 'not_found', error.message);
    deps.log.error({ err: error }, 'stripe call failed');
    throw providerUnavailable();
  }
}

export function createStripeProvider(deps: BillingDeps, settings: StripeSettings): BillingProvider {
  const { db } = deps.database;
  const stripe = createStripeClient(settings);
  const expand = ['discounts'];
  const prices = stripePrices(stripe, [...DEFAULT_PLAN_IDS, ...LEGACY_PLAN_IDS]);

  /**
   * A new card pays what a past-due or unpaid subscription owes at once (Stripe only retries on
   * its own schedule), then the mirror takes Stripe's answer. The card is saved either way; if
   * it fails too, the subscription stays as Stripe says and the next retry uses this card.
   */
  async function payOutstanding(userId: string, customerId: string) {
    const row = await findCurrentSubscription(db, userId);
    if (row?.provider !== 'stripe' || row.endedAt || !OWING.has(row.status)) return;
    const open = await stripeCall(deps, () =>
      stripe.invoices.list({ customer: customerId, subscription: row.id, status: 'open', limit: 10 }),
    );
    for (const invoice of open.data) {
      if (!invoice.id) continue;
      const id = invoice.id;
      await stripeCall(deps, () => stripe.invoices.pay(id)).catch((error: unknown) =>
        deps.log.warn({ err: error, invoice: id }, 'paying the open invoice with the new card failed'),
      );
    }
    const live = await stripeCall(deps, () => stripe.subscriptions.retrieve(row.id, { expand }));
    await mirrorSubscription(db, withId(live), new Date(deps.clock.now()), userId);
  }

  return {
    kind: 'stripe',
    catalog: buildCatalog(deps.config.billing),
    // Webhooks keep the mirror current; a read never waits on Stripe.
    async refresh() {},

    async saveCard(user, token, existing) {
      const customer = withId(
        await stripeCall(deps, () =>
          existing
            ? stripe.customers.update(existing.providerCustomerId, {
                source: token,
                expand: ['default_source'],
              })
            : stripe.customers.create({
                email: user.email,
                source: token,
                metadata: { user_id: user.id },
                expand: ['default_source'],
              }),
        ),
      );
      const card = customer.default_source;
      // No card on the answer is a refusal: nothing is stored, the previous card (if any) stays.
      if (!card || typeof card === 'string' || card.object !== 'card' || !card.id || !card.last4)
        throw cardError(messages.paymentMethodFailed);
      const saved = await saveCustomerRow(
        db,
        {
          userId: user.id,
          provider: 'stripe',
          providerCustomerId: customer.id,
          paymentMethodId: card.id,
          cardKind: card.brand,
          cardLast4: card.last4,
          cardExpMonth: card.exp_month,
          cardExpYear: card.exp_year,
        },
        new Date(deps.clock.now()),
      );
      // The card is saved whatever happens next; Stripe's own retries use it if this attempt fails.
      await payOutstanding(user.id, customer.id).catch((error: unknown) =>
        deps.log.warn({ err: error, userId: user.id }, 'paying the outstanding invoice failed'),
      );
      return saved;
    },

    async subscribe({ user, customer, plan, coupon, current }) {
      const discounts = coupon ? [{ coupon: coupon.id }] : undefined;
      const price = await stripeCall(deps, () => prices.priceIdFor(plan.id));
      if (!price) {
        deps.log.error({ plan: plan.id }, 'no active Stripe price has this lookup_key');
        throw providerUnavailable();
      }
      if (current?.provider === 'stripe' && !current.endedAt && LIVE.has(current.status)) {
        const live = await stripeCall(deps, () => stripe.subscriptions.retrieve(current.id));
        const item = live.items.data[0];
        const updated = await stripeCall(deps, () =>
          stripe.subscriptions.update(current.id, {
            items: [{ ...(item ? { id: item.id } : {}), price }],
            // Charge or credit the difference now, as the local provider does.
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            ...(discounts ? { discounts } : {}),
            expand,
          }),
        );
        return (
          (await mirrorSubscription(db, withId(updated), new Date(deps.clock.now()), user.id)) ?? current
        );
      }
      const trialDays = trialDaysFor(current);
      const created = await stripeCall(deps, () =>
        stripe.subscriptions.create({
          customer: customer.providerCustomerId,
          items: [{ price }],
          // One trial per trader: a returning one gets no trial days and is charged at once.
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
          payment_behavior: 'error_if_incomplete',
          metadata: { user_id: user.id },
          ...(discounts ? { discounts } : {}),
          expand,
        }),
      );
      const row = await mirrorSubscription(db, withId(created), new Date(deps.clock.now()), user.id);
      if (!row) throw providerUnavailable();
      return row;
    },

    async resume(sub) {
      const updated = await stripeCall(deps, () =>
        stripe.subscriptions.update(sub.id, { cancel_at_period_end: false, expand }),
      );
      return (await mirrorSubscription(db, withId(updated), new Date(deps.clock.now()), sub.userId)) ?? sub;
    },

    async cancel(sub) {
      if (sub.endedAt || sub.status === 'canceled' || sub.cancelAtPeriodEnd) return sub;
      const updated = await stripeCall(deps, () =>
        stripe.subscriptions.update(sub.id, { cancel_at_period_end: true, expand }),
      );
      return (await mirrorSubscription(db, withId(updated), new Date(deps.clock.now()), sub.userId)) ?? sub;
    },

    async history(_userId, customer): Promise<Invoice[]> {
      if (!customer) return [];
      const list = await stripeCall(deps, () =>
        stripe.invoices.list({ customer: customer.providerCustomerId, limit: 100 }),
      );
      const rows = await Promise.all(
        list.data.map(async (invoice) => {
          const line = invoice.lines?.data[0];
          const price = line?.pricing?.price_details?.price;
          // Lines name the price by id; our plan id is its lookup key.
          const planId =
            typeof price === 'string'
              ? ((await stripeCall(deps, () => prices.planIdFor(price))) ?? price)
              : planIdOf(price);
          return {
            id: invoice.id ?? '',
            created: invoice.created,
            total: invoice.total,
            status: invoice.status ?? 'draft',
            lines: { data: [{ plan: { id: planId } }] },
          };
        }),
      );
      return rows.sort((a, b) => b.created - a.created);
    },

    async findCoupon(code): Promise<Coupon | null> {
      try {
        const coupon = await stripe.coupons.retrieve(code);
        if (!coupon.valid) return null;
        return { id: coupon.id, name: coupon.name ?? coupon.id, percent_off: coupon.percent_off ?? 0 };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        deps.log.error({ err: error }, 'stripe coupon lookup failed');
        throw providerUnavailable();
      }
    },

    webhook: (payload, signature) =>
      handleStripeEvent(deps, stripe, settings.webhookSecret, payload, signature),
  };
}

export type { Stripe };

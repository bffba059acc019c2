import { type Coupon, type Invoice, TRIAL_DAYS } from '@tapeline/core';
import Stripe from 'stripe';
import type { StripeSettings } from '../../../../platform/config.ts';
import { HttpError } from '../../../../platform/http/errors.ts';
import { buildCatalog } from '../../catalog.ts';
import { cardError, providerUnavailable } from '../../errors.ts';
import type { BillingDeps, BillingProvider } from '../../provider.ts';
import { saveCustomerRow } from '../../repository.ts';
import { mirrorSubscription, planIdOf } from './mirror.ts';
import { handleStripeEvent } from './webhook.ts';

const LIVE = new Set(['trialing', 'active', 'past_due', 'incomplete']);

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

  return {
    kind: 'stripe',
    catalog: buildCatalog(deps.config.billing),
    // Webhooks keep the mirror current; a read never waits on Stripe.
    async refresh() {},

    async saveCard(user, token, existing) {
      const customer = await stripeCall(deps, () =>
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
      );
      const card = customer.default_source;
      const details = card && typeof card !== 'string' && card.object === 'card' ? card : null;
      return saveCustomerRow(db, {
        userId: user.id,
        provider: 'stripe',
        providerCustomerId: customer.id,
        paymentMethodId: details?.id ?? (typeof card === 'string' ? card : null),
        cardKind: details?.brand ?? null,
        cardLast4: details?.last4 ?? null,
        cardExpMonth: details?.exp_month ?? null,
        cardExpYear: details?.exp_year ?? null,
      });
    },

    async subscribe({ user, customer, plan, coupon, current }) {
      const discounts = coupon ? [{ coupon: coupon.id }] : undefined;
      if (current?.provider === 'stripe' && !current.endedAt && LIVE.has(current.status)) {
        const live = await stripeCall(deps, () => stripe.subscriptions.retrieve(current.id));
        const item = live.items.data[0];
        const updated = await stripeCall(deps, () =>
          stripe.subscriptions.update(current.id, {
            items: [{ ...(item ? { id: item.id } : {}), price: plan.id }],
            // Charge or credit the difference now, as the local provider does.
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            ...(discounts ? { discounts } : {}),
            expand,
          }),
        );
        return (await mirrorSubscription(db, updated, user.id)) ?? current;
      }
      const created = await stripeCall(deps, () =>
        stripe.subscriptions.create({
          customer: customer.providerCustomerId,
          items: [{ price: plan.id }],
          // One trial per trader, as with the local provider.
          ...(current ? {} : { trial_period_days: TRIAL_DAYS }),
          payment_behavior: 'error_if_incomplete',
          metadata: { user_id: user.id },
          ...(discounts ? { discounts } : {}),
          expand,
        }),
      );
      const row = await mirrorSubscription(db, created, user.id);
      if (!row) throw providerUnavailable();
      return row;
    },

    async cancel(sub) {
      if (sub.endedAt || sub.status === 'canceled' || sub.cancelAtPeriodEnd) return sub;
      const updated = await stripeCall(deps, () =>
        stripe.subscriptions.update(sub.id, { cancel_at_period_end: true, expand }),
      );
      return (await mirrorSubscription(db, updated, sub.userId)) ?? sub;
    },

    async history(_userId, customer): Promise<Invoice[]> {
      if (!customer) return [];
      const list = await stripeCall(deps, () =>
        stripe.invoices.list({ customer: customer.providerCustomerId, limit: 100 }),
      );
      return list.data
        .map((invoice) => {
          const line = invoice.lines?.data[0];
          const price = line?.pricing?.price_details?.price;
          const planId = typeof price === 'string' ? price : planIdOf(price);
          return {
            id: invoice.id ?? '',
            created: invoice.created,
            total: invoice.total,
            status: invoice.status ?? 'draft',
            lines: { data: [{ plan: { id: planId } }] },
          };
        })
        .sort((a, b) => b.created - a.created);
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

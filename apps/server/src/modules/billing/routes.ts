import {
  type BillingConfig,
  cardTokenResponseSchema,
  couponParamsSchema,
  couponSchema,
  createSubscriptionRequestSchema,
  customerResponseSchema,
  localCardTokenRequestSchema,
  messages,
  resumeSubscriptionParamsSchema,
  saveCustomerRequestSchema,
  subscriptionParamsSchema,
  subscriptionResponseSchema,
  TRIAL_DAYS,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { publicRoute, route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
import { billingAccess } from './access.ts';
import { cancelSubscription } from './cancel.ts';
import { assertLocalCards, createCardToken } from './cardToken.ts';
import { findCoupon } from './coupon.ts';
import { findCurrentSubscription } from './currentBilling.ts';
import { getCustomer } from './getCustomer.ts';
import { paymentHistory } from './history.ts';
import { listPlans } from './plans.ts';
import { resumeSubscription } from './resume.ts';
import { saveCustomer } from './saveCustomer.ts';
import { subscribe } from './subscribe.ts';
import { trialDaysFor } from './trial.ts';

/**
 * Spec §7's billing calls (kept under /api/stripe for either provider), the local card form and
 * Stripe's webhook. The lifecycle timer is started by the composition root (app.ts), not here.
 */
export function billingRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const access = billingAccess(ctx, guards);
  // Public: the browser decides whether to load Stripe.js before anyone signs in.
  route(
    app,
    { method: 'GET', url: '/api/billing/config', guard: publicRoute },
    async (): Promise<BillingConfig> => ({
      provider: ctx.billing.kind,
      publishable_key: ctx.config.billing.stripe?.publishableKey ?? null,
      trial_days: TRIAL_DAYS,
    }),
  );
  route(app, { method: 'GET', url: '/api/stripe/plans', guard: access.user }, async ({ principal }) =>
    listPlans(ctx.billing, trialDaysFor(await findCurrentSubscription(ctx.database.db, principal.id))),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/billing/local/tokens',
      guard: access.user,
      afterGuard: () => assertLocalCards(ctx),
      body: input(localCardTokenRequestSchema, 'bad_request', messages.paymentMethodFailed),
      response: cardTokenResponseSchema,
    },
    async ({ body }) => createCardToken(ctx, body),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/stripe/customer',
      guard: access.verifiedUser,
      body: input(saveCustomerRequestSchema, 'bad_request', messages.paymentMethodFailed),
      response: customerResponseSchema,
    },
    async ({ principal, body }) => saveCustomer(ctx, principal, body),
  );
  route(app, { method: 'GET', url: '/api/stripe/customer', guard: access.user }, async ({ principal }) =>
    getCustomer(ctx, principal),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/stripe/subscription',
      guard: access.verifiedUser,
      body: input(createSubscriptionRequestSchema, 'bad_request', messages.subscriptionFailed),
      response: subscriptionResponseSchema,
    },
    async ({ principal, body }) => subscribe(ctx, principal, body),
  );
  route(
    app,
    {
      method: 'DELETE',
      url: '/api/stripe/subscription/:id',
      guard: access.user,
      params: input(subscriptionParamsSchema, 'bad_request', messages.cancelFailed),
      response: subscriptionResponseSchema,
    },
    async ({ principal, params }) => cancelSubscription(ctx, principal, params),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/stripe/subscription/:id/resume',
      guard: access.user,
      params: input(resumeSubscriptionParamsSchema, 'bad_request', messages.subscriptionFailed),
      response: subscriptionResponseSchema,
    },
    async ({ principal, params }) => resumeSubscription(ctx, principal, params),
  );
  route(app, { method: 'GET', url: '/api/stripe/history', guard: access.user }, async ({ principal }) =>
    paymentHistory(ctx, principal),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/stripe/coupon/:code',
      guard: access.user,
      params: input(couponParamsSchema, 'bad_request', messages.discountInvalid),
      response: couponSchema,
    },
    async ({ params }) => findCoupon(ctx, params),
  );
  stripeWebhookRoute(app, ctx);
}

/**
 * POST /api/stripe/webhook: public, since Stripe signs the event instead (`handleStripeEvent`).
 * The signature covers the exact bytes Stripe sent, so this route alone (an encapsulated scope)
 * keeps JSON bodies as raw buffers.
 */
function stripeWebhookRoute(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    route(scope, { method: 'POST', url: '/api/stripe/webhook', guard: publicRoute }, async ({ request }) => {
      if (!ctx.billing.webhook) throw new HttpError(404, 'not_found', messages.notFound);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return ctx.billing.webhook(body, typeof signature === 'string' ? signature : undefined);
    });
  });
}

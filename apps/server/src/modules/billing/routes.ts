import { type BillingConfig, TRIAL_DAYS } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { billingAccess } from './access.ts';
import { cancelSubscription } from './cancel.ts';
import { createCardToken } from './cardToken.ts';
import { findCoupon } from './coupon.ts';
import { findCurrentSubscription } from './currentBilling.ts';
import { getCustomer } from './getCustomer.ts';
import { paymentHistory } from './history.ts';
import { listPlans } from './plans.ts';
import { stripeWebhookRoute } from './providers/stripe/webhook.ts';
import { resumeSubscription } from './resume.ts';
import { saveCustomer } from './saveCustomer.ts';
import { subscribe } from './subscribe.ts';
import { trialDaysFor } from './trial.ts';

/** Spec §7's billing calls (kept under /api/stripe for either provider) plus the local card form. */
export function billingRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const access = billingAccess(ctx, guards);
  // Public: the browser decides whether to load Stripe.js before anyone signs in.
  app.get(
    '/api/billing/config',
    async (): Promise<BillingConfig> => ({
      provider: ctx.billing.kind,
      publishable_key: ctx.config.billing.stripe?.publishableKey ?? null,
      trial_days: TRIAL_DAYS,
    }),
  );
  app.get('/api/stripe/plans', async (request) => {
    const user = await access.user(request);
    return listPlans(ctx.billing, trialDaysFor(await findCurrentSubscription(ctx.database.db, user.id)));
  });
  app.post('/api/billing/local/tokens', async (request) => {
    await access.user(request);
    return createCardToken(ctx, request.body);
  });
  app.post('/api/stripe/customer', async (request) =>
    saveCustomer(ctx, await access.verifiedUser(request), request.body),
  );
  app.get('/api/stripe/customer', async (request) => getCustomer(ctx, await access.user(request)));
  app.post('/api/stripe/subscription', async (request) =>
    subscribe(ctx, await access.verifiedUser(request), request.body),
  );
  app.delete('/api/stripe/subscription/:id', async (request) =>
    cancelSubscription(ctx, await access.user(request), request.params),
  );
  app.post('/api/stripe/subscription/:id/resume', async (request) =>
    resumeSubscription(ctx, await access.user(request), request.params),
  );
  app.get('/api/stripe/history', async (request) => paymentHistory(ctx, await access.user(request)));
  app.get('/api/stripe/coupon/:code', async (request) => {
    await access.user(request);
    return findCoupon(ctx, request.params);
  });
  stripeWebhookRoute(app, ctx);
}

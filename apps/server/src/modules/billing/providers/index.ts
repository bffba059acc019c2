import type { BillingDeps, BillingProvider } from '../provider.ts';
import { createLocalProvider } from './local/localProvider.ts';
import { createStripeProvider } from './stripe/stripeProvider.ts';

// The composition root (app.ts) builds the provider and hands it to every module in the context.
declare module '../../../platform/context.ts' {
  interface ModuleServices {
    /** Subscriptions and cards: the local test-mode provider or Stripe (BILLING). */
    billing: BillingProvider;
  }
}

/** BILLING=local (default) or stripe; config has already checked Stripe's keys are present. */
export function createBillingProvider(deps: BillingDeps): BillingProvider {
  const stripe = deps.config.billing.stripe;
  return stripe ? createStripeProvider(deps, stripe) : createLocalProvider(deps);
}

import type { BillingDeps, BillingProvider } from '../provider.ts';
import { createLocalProvider } from './local/localProvider.ts';
import { createStripeProvider } from './stripe/stripeProvider.ts';

/** BILLING=local (default) or stripe; config has already checked Stripe's keys are present. */
export function createBillingProvider(deps: BillingDeps): BillingProvider {
  const stripe = deps.config.billing.stripe;
  return stripe ? createStripeProvider(deps, stripe) : createLocalProvider(deps);
}

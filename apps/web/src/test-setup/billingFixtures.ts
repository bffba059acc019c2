import {
  billingConfigSchema,
  type Customer,
  customerResponseSchema,
  type PlanOffer,
  planListSchema,
  subscriptionResponseSchema,
} from '@tapeline/core';
import { ok } from './fakeApi.ts';
import { subscription } from './session.tsx';

function plan(id: string, nickname: string, amount: number, trialDays: number): PlanOffer {
  return {
    id,
    nickname,
    amount,
    interval: id.endsWith('_annual') ? 'year' : 'month',
    interval_count: 1,
    metadata: { description: `${nickname} tape`, features: 'Stream, Alerts' },
    trial_period_days: trialDays,
  };
}

/** The six default plans as GET /api/stripe/plans offers them; `trialDays` 0 for a returning trader. */
export function planOffers(trialDays = 5): PlanOffer[] {
  return [
    plan('standard', 'Standard', 2900, trialDays),
    plan('pro', 'Pro', 5900, trialDays),
    plan('proplus', 'Pro Plus', 9900, trialDays),
    plan('standard_annual', 'Standard Annual', 29000, trialDays),
    plan('pro_annual', 'Pro Annual', 59000, trialDays),
    plan('proplus_annual', 'Pro Plus Annual', 99000, trialDays),
  ];
}

export const plansAnswer = (trialDays = 5) => ok(planListSchema, planOffers(trialDays));

export const CARD: Customer = {
  card_kind: 'Visa',
  card_last_4: '4242',
  card_exp_month: 4,
  card_exp_year: 2031,
};

/** GET /api/stripe/customer: the card on file, or null when there is none. */
export const customerAnswer = (card: Customer | null = CARD) => ok(customerResponseSchema.nullable(), card);

/** POST /api/stripe/subscription (and cancel/resume): the subscription as the server answers it. */
export const subscriptionAnswer = (plan: string, status = 'trialing') =>
  ok(subscriptionResponseSchema, subscription(plan, { status }));

/** GET /api/billing/config with the local test-mode card form (no Stripe.js). */
export const localBillingConfig = () =>
  ok(billingConfigSchema, { provider: 'local', publishable_key: null, trial_days: 5 });

import type { PlanOffer } from '@tapeline/core';
import { toPlanView } from './catalog.ts';
import type { BillingProvider } from './provider.ts';

/**
 * The plans on sale, each with the trial this user would get on it (see trial.ts); legacy
 * plans are left out but still honoured for those who have them.
 */
export function listPlans(billing: BillingProvider, trialDays: number): PlanOffer[] {
  return billing.catalog.listed.map((plan) => ({ ...toPlanView(plan), trial_period_days: trialDays }));
}

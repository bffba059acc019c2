import type { Plan } from '@tapeline/core';
import { toPlanView } from './catalog.ts';
import type { BillingProvider } from './provider.ts';

/** The plans on sale; legacy plans are left out but still honoured for those who have them. */
export function listPlans(billing: BillingProvider): Plan[] {
  return billing.catalog.listed.map(toPlanView);
}

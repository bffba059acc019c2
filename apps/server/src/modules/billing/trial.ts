import { TRIAL_DAYS } from '@tapeline/core';
import type { SubscriptionRow } from '../../platform/db/schema.ts';

/**
 * One trial per trader: anyone with an earlier subscription, in any state (cancelled, unpaid,
 * ended), is charged at once, otherwise cancel-and-resubscribe would be endless free use. Both
 * providers and GET /api/stripe/plans ask here, so a screen never promises a trial the
 * subscription will not get.
 */
export function trialDaysFor(newest: SubscriptionRow | undefined): number {
  return newest ? 0 : TRIAL_DAYS;
}

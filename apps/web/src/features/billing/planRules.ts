import {
  type Coupon,
  DEFAULT_PLAN_IDS,
  isLive,
  type Plan,
  PRO_PLAN_IDS,
  type SubscriptionState,
} from '@tapeline/core';

export type BillingPeriod = 'month' | 'year';
export type PlanTier = 'standard' | 'pro' | 'proplus';

const TIER_ORDER: readonly PlanTier[] = ['standard', 'pro', 'proplus'];

/** The tier a plan id belongs to ("proplus_annual" → proplus), or null for unknown ids. */
export function tierOf(planId: string): PlanTier | null {
  const base = planId.split('_')[0];
  return (TIER_ORDER as readonly string[]).includes(base ?? '') ? (base as PlanTier) : null;
}

/** The billing tab a plan id belongs on: annual ids on Annual, everything else on Monthly. */
export function periodOfPlanId(planId: string): BillingPeriod {
  return planId.endsWith('_annual') ? 'year' : 'month';
}

/**
 * Spec §2/§4: three plans per billing tab (standard, pro, pro plus, monthly or annual). A live
 * standard plan hides the standard option and a live pro plan (any Pro id, the old one too)
 * hides the pro option. Legacy semi-annual plans are never offered.
 */
export function plansForPeriod(
  plans: readonly Plan[],
  period: BillingPeriod,
  current: SubscriptionState | null | undefined,
): Plan[] {
  const live = isLive(current) ? current : null;
  const hidden = new Set<PlanTier>();
  if (live && tierOf(live.plan) === 'standard') hidden.add('standard');
  if (live && PRO_PLAN_IDS.includes(live.plan)) hidden.add('pro');
  const offered = plans.filter(
    (plan) =>
      (DEFAULT_PLAN_IDS as readonly string[]).includes(plan.id) &&
      periodOfPlanId(plan.id) === period &&
      !hidden.has(tierOf(plan.id) as PlanTier),
  );
  return offered.sort(
    (a, b) => TIER_ORDER.indexOf(tierOf(a.id) as PlanTier) - TIER_ORDER.indexOf(tierOf(b.id) as PlanTier),
  );
}

/** The plan id to preselect: the stored one (from /register?plan=) if it is offered. */
export function preselectedPlan(
  stored: string | null,
  plans: readonly Plan[],
  current: SubscriptionState | null | undefined,
): string | null {
  if (!stored) return null;
  return plansForPeriod(plans, periodOfPlanId(stored), current).some((plan) => plan.id === stored)
    ? stored
    : null;
}

/** Cents to pay after a coupon's percent_off (rounded to the cent, never below zero). */
export function priceAfterCoupon(amount: number, coupon: Pick<Coupon, 'percent_off'> | null): number {
  if (!coupon) return amount;
  const percent = Math.min(100, Math.max(0, coupon.percent_off));
  return Math.max(0, amount - Math.round((amount * percent) / 100));
}

/** Feature list from metadata.features ("a, b,c" → ["a", "b", "c"]). */
export function planFeatures(plan: Pick<Plan, 'metadata'>): string[] {
  return plan.metadata.features
    .split(',')
    .map((feature) => feature.trim())
    .filter((feature) => feature.length > 0);
}

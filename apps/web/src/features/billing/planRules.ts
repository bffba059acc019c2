import { DEFAULT_PLAN_IDS, type Plan, type SubscriptionState } from '@tapeline/core';

export type BillingPeriod = 'month' | 'year';
export type PlanTier = 'standard' | 'pro' | 'proplus';

const TIER_ORDER: readonly PlanTier[] = ['standard', 'pro', 'proplus'];

/** The tier a plan id belongs to ("proplus_annual" → proplus), or null for unknown ids. */
export function tierOf(planId: string): PlanTier | null {
  const base = planId.split('_')[0];
  return (TIER_ORDER as readonly string[]).includes(base ?? '') ? (base as PlanTier) : null;
}

const TIER_NAMES: Record<PlanTier, string> = { standard: 'Standard', pro: 'Pro', proplus: 'Pro Plus' };
const TERM_NAMES: Record<string, string> = { '': '', _annual: ' Annual', _semiannual: ' Semi-Annual' };

/**
 * A plan's name when the plan list (with its nicknames) could not be loaded: never the raw id
 * ("standard"), but the name the catalogue gives it ("Standard", "Pro Plus Annual").
 */
export function planNameOf(planId: string): string {
  if (planId === 'pro_old') return 'Pro (Classic)';
  const tier = tierOf(planId);
  const term = tier ? TERM_NAMES[planId.slice(tier.length)] : undefined;
  return tier && term !== undefined ? `${TIER_NAMES[tier]}${term}` : planId;
}

/** The billing tab a plan id belongs on: annual ids on Annual, everything else on Monthly. */
export function periodOfPlanId(planId: string): BillingPeriod {
  return planId.endsWith('_annual') ? 'year' : 'month';
}

/**
 * Spec §2/§4: three plans per billing tab (standard, pro, pro plus, monthly or annual). The
 * hiding rule ("a current standard plan hides the standard option", the same for pro) applies
 * to the exact current plan in its own tab: on Pro monthly the Annual tab still offers Pro
 * Annual, so monthly ↔ annual of the same tier is a plan change like any other. A subscription
 * that is still billed counts, a pending cancellation included (choosing again continues it).
 * Legacy plans are never offered.
 */
export function plansForPeriod<P extends Plan>(
  plans: readonly P[],
  period: BillingPeriod,
  current: SubscriptionState | null | undefined,
): P[] {
  const currentId = isBilled(current) ? current?.plan : undefined;
  const offered = plans.filter(
    (plan) =>
      (DEFAULT_PLAN_IDS as readonly string[]).includes(plan.id) &&
      periodOfPlanId(plan.id) === period &&
      plan.id !== currentId,
  );
  return offered.sort(
    (a, b) => TIER_ORDER.indexOf(tierOf(a.id) as PlanTier) - TIER_ORDER.indexOf(tierOf(b.id) as PlanTier),
  );
}

const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/**
 * Still billed: not ended and not dead, whether or not a cancellation is pending. Subscribing
 * then changes this subscription's plan (the server's rule), so no trial and no new start.
 */
export function isBilled(sub: SubscriptionState | null | undefined): boolean {
  return !!sub && !sub.ended_at && !ENDED_STATUSES.has(sub.status);
}

/** A cancellation at period end is pending: the plan runs until `cancel_at`, then stops. */
export function pendingCancelAt(
  sub: (SubscriptionState & { cancel_at?: number | null }) | null | undefined,
): number | null {
  return sub && isBilled(sub) && sub.cancel_at ? sub.cancel_at : null;
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

/** Feature list from metadata.features ("a, b,c" → ["a", "b", "c"]). */
export function planFeatures(plan: Pick<Plan, 'metadata'>): string[] {
  return plan.metadata.features
    .split(',')
    .map((feature) => feature.trim())
    .filter((feature) => feature.length > 0);
}

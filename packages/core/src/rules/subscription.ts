/**
 * The subscription fields the tier predicates read (spec §3, §4): the API shape. `ended_at` is
 * required so a database row (camelCase `endedAt`) cannot be passed by mistake — it would read
 * as never ended.
 */
export interface SubscriptionState {
  plan: string;
  status: string;
  ended_at: number | string | null;
  canceled_at?: number | string | null;
}

export const PRO_PLAN_IDS: readonly string[] = ['pro', 'pro_annual', 'pro_semiannual', 'pro_old'];
export const PRO_PLUS_PLAN_IDS: readonly string[] = ['proplus', 'proplus_annual', 'proplus_semiannual'];
export const OLD_PRO_PLAN_IDS: readonly string[] = ['pro_old'];

const DEAD_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** Active: trialing or active, and not ended. */
export function isActive(sub: SubscriptionState | null | undefined): boolean {
  return !!sub && (sub.status === 'trialing' || sub.status === 'active') && !sub.ended_at;
}

/** Live: not canceled, unpaid or incomplete_expired, and neither ended nor canceled. */
export function isLive(sub: SubscriptionState | null | undefined): boolean {
  return !!sub && !DEAD_STATUSES.has(sub.status) && !sub.ended_at && !sub.canceled_at;
}

export function isPro(sub: SubscriptionState | null | undefined): boolean {
  return isActive(sub) && PRO_PLAN_IDS.includes(sub?.plan ?? '');
}

export function isProPlus(sub: SubscriptionState | null | undefined): boolean {
  return isActive(sub) && PRO_PLUS_PLAN_IDS.includes(sub?.plan ?? '');
}

export function isOldPro(sub: SubscriptionState | null | undefined): boolean {
  return isActive(sub) && OLD_PRO_PLAN_IDS.includes(sub?.plan ?? '');
}

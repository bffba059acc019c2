import { hasRole, isActive, type Role, type SubscriptionState } from '@tapeline/core';

export type ProfileTab = 'account' | 'profile' | 'payment' | 'plan' | 'api' | 'admin';

/** The Account tab is /profile itself: spec §2 shows the first tab when none is named. */
export const TAB_PATHS: Record<ProfileTab, string> = {
  account: '/profile',
  profile: '/profile/profile',
  payment: '/profile/payment',
  plan: '/profile/plan',
  api: '/profile/api',
  admin: '/profile/admin',
};

/** A subscription whose payment failed (past_due, then unpaid) and that has not ended. */
function owes(sub: SubscriptionState | null): boolean {
  return !!sub && !sub.ended_at && (sub.status === 'past_due' || sub.status === 'unpaid');
}

/**
 * Spec §2 "Profile screen tabs": without a subscription only Plan; Admin for admins only. One
 * exception (docs/decisions.md, Billing): a past-due or unpaid subscriber also gets Payment, the
 * one place to replace the card that failed, and the new card pays the open invoice at once.
 */
export function visibleTabs(user: { role: Role; subscription: SubscriptionState | null }): ProfileTab[] {
  if (owes(user.subscription)) return ['payment', 'plan'];
  if (!isActive(user.subscription)) return ['plan'];
  // API (issue 25): personal keys for the subscriber's own programs.
  const tabs: ProfileTab[] = ['account', 'profile', 'payment', 'plan', 'api'];
  if (hasRole(user.role, 'admin')) tabs.push('admin');
  return tabs;
}

/**
 * The tab to show for the URL's `:tab`, or null when the URL names a tab this user may not
 * see (then the page goes to /profile). A lone tab is shown whatever the URL says.
 */
export function selectTab(tabs: readonly ProfileTab[], param: string | undefined): ProfileTab | null {
  const [first] = tabs;
  if (!first) return null;
  if (tabs.length === 1 || param === undefined) return first;
  return tabs.find((tab) => tab !== 'account' && tab === param) ?? null;
}

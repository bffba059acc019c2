import { isActive, isPro, isProPlus, type SubscriptionState } from './subscription.ts';

/**
 * What a subscription unlocks, from least to most. `standard` is any other active plan;
 * `pro` covers the Pro plans including the old one (dashboard spec §6: "a Pro plan (old or
 * new) or Pro Plus" counts as Pro); `proplus` is the Pro Plus plan only.
 */
export type Tier = 'none' | 'standard' | 'pro' | 'proplus';
export type RequiredTier = 'pro' | 'proplus';

export function tierOf(sub: SubscriptionState | null | undefined): Tier {
  if (!isActive(sub)) return 'none';
  if (isProPlus(sub)) return 'proplus';
  if (isPro(sub)) return 'pro';
  return 'standard';
}

const RANK: Record<Tier, number> = { none: 0, standard: 1, pro: 2, proplus: 3 };

/** Pro is met by Pro or Pro Plus; Pro Plus only by Pro Plus. */
export function meetsTier(tier: Tier, required: RequiredTier): boolean {
  return RANK[tier] >= RANK[required];
}

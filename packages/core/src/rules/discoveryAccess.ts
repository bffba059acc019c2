import { isOldPro, isPro, isProPlus, type SubscriptionState } from './subscription.ts';

/** Discovery row keys by the spec's column names (discovery spec §3). */
export const DISCOVERY_KEY_OF = {
  squeeze: 'z',
  moneyflow: 'mf',
  trend: 'st',
  short_ratio: 'sr',
  atr: 'tr',
  gap: 'g',
} as const;

/** What a subscriber's plan opens in Discovery: nothing, everything, or all but some columns. */
export type DiscoveryAccess = 'none' | 'proplus' | 'oldpro' | 'pro';

export function discoveryAccess(sub: SubscriptionState | null | undefined): DiscoveryAccess {
  if (isProPlus(sub)) return 'proplus';
  if (isOldPro(sub)) return 'oldpro';
  if (isPro(sub)) return 'pro';
  return 'none';
}

/**
 * Row keys left out for an access level (dashboard spec §6): squeeze and money flow need Pro
 * Plus or the old Pro plan; trend, short ratio, ATR and gap need Pro Plus.
 */
export function hiddenDiscoveryKeys(access: DiscoveryAccess): readonly string[] {
  const k = DISCOVERY_KEY_OF;
  if (access === 'proplus') return [];
  if (access === 'oldpro') return [k.trend, k.short_ratio, k.atr, k.gap];
  return [k.squeeze, k.moneyflow, k.trend, k.short_ratio, k.atr, k.gap];
}

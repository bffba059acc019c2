import { discoveryAccess } from '../rules/discoveryAccess.ts';
import type { SubscriptionState } from '../rules/subscription.ts';

/**
 * Whether a subscriber opens Discovery (discovery spec §4): Pro (current or old plan) or Pro
 * Plus, active. Everyone else gets the upgrade question. The one predicate for every place.
 */
export function canOpenDiscovery(sub: SubscriptionState | null | undefined): boolean {
  return discoveryAccess(sub) !== 'none';
}

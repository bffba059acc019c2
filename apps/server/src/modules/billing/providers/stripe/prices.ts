import type Stripe from 'stripe';

/** Stripe lists at most this many lookup keys per request (Prices API, `lookup_keys`). */
const LOOKUP_KEYS_PER_CALL = 10;

export interface StripePrices {
  /** The active price whose `lookup_key` is this plan id, or null when the account has none. */
  priceIdFor(planId: string): Promise<string | null>;
  /** Our plan id for a Stripe price id (invoice lines name prices by id), via its lookup key. */
  planIdFor(priceId: string): Promise<string | null>;
}

/**
 * Prices are found by `lookup_key` = our plan id (what Stripe's Prices API lists by), never by
 * id: price ids are Stripe's own, and a price can be replaced by moving its lookup key. Lookups
 * are remembered for the process; a miss asks Stripe again, so a price created later is found.
 */
export function stripePrices(stripe: Stripe, planIds: readonly string[]): StripePrices {
  const byPlan = new Map<string, string>();
  const byPrice = new Map<string, string>();

  function remember(prices: Stripe.Price[], activeOnly: boolean) {
    for (const price of prices) {
      if (!price.lookup_key) continue;
      byPrice.set(price.id, price.lookup_key);
      if (activeOnly || price.active) byPlan.set(price.lookup_key, price.id);
    }
  }

  return {
    async priceIdFor(planId) {
      const known = byPlan.get(planId);
      if (known) return known;
      const list = await stripe.prices.list({ lookup_keys: [planId], active: true, limit: 1 });
      remember(list.data, true);
      return byPlan.get(planId) ?? null;
    },
    async planIdFor(priceId) {
      const known = byPrice.get(priceId);
      if (known) return known;
      // Archived prices too: an old invoice may name a price that has since been replaced.
      for (let i = 0; i < planIds.length; i += LOOKUP_KEYS_PER_CALL) {
        const keys = planIds.slice(i, i + LOOKUP_KEYS_PER_CALL);
        const list = await stripe.prices.list({ lookup_keys: keys, limit: 100 });
        remember(list.data, false);
      }
      return byPrice.get(priceId) ?? null;
    },
  };
}

import type { FiredDraft } from '@tapeline/core';

/**
 * The n-th fired alert of a trader's rule 7 on ABC, as the evaluator drafts it: each n its own
 * event (key and time), up `rise` percent at 1n.00 — "ABC up 4.0% at 12.00" for n 2, rise 4.
 */
export function firedDraft(
  userId: string,
  n: number,
  kind: FiredDraft['kind'] = 'price',
  rise: number = n,
): FiredDraft {
  return {
    key: `${userId}:7:ABC:${kind}:${1_763_650_000_000 + n}`,
    userId,
    ruleId: 7,
    kind,
    symbol: 'ABC',
    msg: `ABC up ${rise}.0% at 1${n}.00`,
    time: 1_763_650_000_000 + n,
    price: 10 + n,
    price_dist: rise,
    uv: null,
    vwap: null,
    vwap_dist: null,
    zone: 'primary_high',
    ...(kind === 'filtered' ? { filter: 'Gappers' } : {}),
  };
}

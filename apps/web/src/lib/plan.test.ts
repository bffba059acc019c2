import { describe, expect, it } from 'vitest';
import { planFromSearch, rememberedPlan, rememberPlan } from './plan.ts';
import { memoryStore, PLAN_KEY } from './storageKeys.ts';

describe('plan query parameter', () => {
  it.each(['standard', 'pro', 'proplus', 'standard_annual', 'pro_annual', 'proplus_annual'])(
    'accepts %s',
    (plan) => {
      expect(planFromSearch(`?plan=${plan}`)).toBe(plan);
    },
  );

  it('ignores missing, unknown and legacy plans', () => {
    expect(planFromSearch('')).toBeNull();
    expect(planFromSearch('?plan=')).toBeNull();
    expect(planFromSearch('?plan=enterprise')).toBeNull();
    expect(planFromSearch('?plan=pro_semiannual')).toBeNull();
    expect(planFromSearch('?other=pro')).toBeNull();
  });

  it('tolerates case and stray spaces from hand-typed links', () => {
    expect(planFromSearch('?plan=%20Pro%20')).toBe('pro');
  });

  it('stores a valid plan and keeps the earlier choice when the new one is invalid', () => {
    const store = memoryStore();
    expect(rememberPlan(store, '?plan=pro_annual')).toBe('pro_annual');
    expect(rememberPlan(store, '?plan=bogus')).toBeNull();
    expect(store.getItem(PLAN_KEY)).toBe('pro_annual');
    expect(rememberedPlan(store)).toBe('pro_annual');
  });

  it('does not trust a tampered stored value', () => {
    const store = memoryStore();
    store.setItem(PLAN_KEY, 'free_forever');
    expect(rememberedPlan(store)).toBeNull();
  });
});

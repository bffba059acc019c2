import type { Plan } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  periodOfPlanId,
  planFeatures,
  plansForPeriod,
  preselectedPlan,
  priceAfterCoupon,
  tierOf,
} from './planRules.ts';

function plan(id: string, amount = 1000): Plan {
  const annual = id.endsWith('_annual');
  const semi = id.endsWith('_semiannual');
  return {
    id,
    nickname: id,
    amount,
    interval: annual ? 'year' : 'month',
    interval_count: semi ? 6 : 1,
    metadata: { description: '', features: 'Stream, Alerts ,, Chat' },
  };
}

const ALL = [
  'proplus',
  'pro',
  'standard',
  'proplus_annual',
  'standard_annual',
  'pro_annual',
  'pro_semiannual',
  'standard_semiannual',
  'pro_old',
].map((id) => plan(id));

const ids = (plans: Plan[]) => plans.map((p) => p.id);
const sub = (planId: string, extra: Partial<{ status: string; canceled_at: number | null }> = {}) => ({
  plan: planId,
  status: 'active',
  ended_at: null,
  canceled_at: null,
  ...extra,
});

describe('plansForPeriod', () => {
  it('offers three plans per billing tab in tier order, no legacy plans', () => {
    expect(ids(plansForPeriod(ALL, 'month', null))).toEqual(['standard', 'pro', 'proplus']);
    expect(ids(plansForPeriod(ALL, 'year', null))).toEqual([
      'standard_annual',
      'pro_annual',
      'proplus_annual',
    ]);
  });

  it('a current standard plan hides the standard option on both tabs', () => {
    expect(ids(plansForPeriod(ALL, 'month', sub('standard')))).toEqual(['pro', 'proplus']);
    expect(ids(plansForPeriod(ALL, 'year', sub('standard')))).toEqual(['pro_annual', 'proplus_annual']);
    expect(ids(plansForPeriod(ALL, 'month', sub('standard_semiannual')))).toEqual(['pro', 'proplus']);
  });

  it('a current pro plan, the old one included, hides the pro option', () => {
    expect(ids(plansForPeriod(ALL, 'month', sub('pro_annual')))).toEqual(['standard', 'proplus']);
    expect(ids(plansForPeriod(ALL, 'year', sub('pro_old')))).toEqual(['standard_annual', 'proplus_annual']);
  });

  it('a pro plus plan hides nothing', () => {
    expect(ids(plansForPeriod(ALL, 'month', sub('proplus')))).toEqual(['standard', 'pro', 'proplus']);
  });

  it('a canceled or dead subscription hides nothing', () => {
    expect(ids(plansForPeriod(ALL, 'month', sub('pro', { canceled_at: 1 })))).toHaveLength(3);
    expect(ids(plansForPeriod(ALL, 'month', sub('standard', { status: 'unpaid' })))).toHaveLength(3);
  });
});

describe('preselectedPlan', () => {
  it('takes the stored plan when it is offered', () => {
    expect(preselectedPlan('pro_annual', ALL, null)).toBe('pro_annual');
    expect(preselectedPlan('pro', ALL, null)).toBe('pro');
  });
  it('ignores a missing, unknown or hidden plan', () => {
    expect(preselectedPlan(null, ALL, null)).toBeNull();
    expect(preselectedPlan('gold', ALL, null)).toBeNull();
    expect(preselectedPlan('pro', ALL, sub('pro'))).toBeNull();
  });
});

describe('priceAfterCoupon', () => {
  it('is the amount without a coupon', () => {
    expect(priceAfterCoupon(4999, null)).toBe(4999);
  });
  it('takes percent_off off, rounded to the cent', () => {
    expect(priceAfterCoupon(4999, { percent_off: 10 })).toBe(4499);
    expect(priceAfterCoupon(1000, { percent_off: 25 })).toBe(750);
    expect(priceAfterCoupon(999, { percent_off: 50 })).toBe(499);
  });
  it('never goes below zero or above the price', () => {
    expect(priceAfterCoupon(1000, { percent_off: 100 })).toBe(0);
    expect(priceAfterCoupon(1000, { percent_off: 150 })).toBe(0);
    expect(priceAfterCoupon(1000, { percent_off: -5 })).toBe(1000);
  });
});

describe('plan ids', () => {
  it('knows tiers and periods', () => {
    expect(tierOf('proplus_annual')).toBe('proplus');
    expect(tierOf('pro_old')).toBe('pro');
    expect(tierOf('gold')).toBeNull();
    expect(periodOfPlanId('standard_annual')).toBe('year');
    expect(periodOfPlanId('pro')).toBe('month');
  });
  it('splits comma-separated features', () => {
    expect(planFeatures(plan('pro'))).toEqual(['Stream', 'Alerts', 'Chat']);
  });
});

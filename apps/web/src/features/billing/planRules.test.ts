import type { Plan } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  isBilled,
  pendingCancelAt,
  periodOfPlanId,
  planFeatures,
  plansForPeriod,
  preselectedPlan,
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
const sub = (
  planId: string,
  extra: Partial<{
    status: string;
    canceled_at: number | null;
    ended_at: number | null;
    cancel_at: number | null;
  }> = {},
) => ({
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

  it('hides the exact current plan in its own tab only: monthly ↔ annual of one tier is offered', () => {
    expect(ids(plansForPeriod(ALL, 'month', sub('standard')))).toEqual(['pro', 'proplus']);
    expect(ids(plansForPeriod(ALL, 'year', sub('standard')))).toEqual([
      'standard_annual',
      'pro_annual',
      'proplus_annual',
    ]);
    expect(ids(plansForPeriod(ALL, 'month', sub('pro_annual')))).toEqual(['standard', 'pro', 'proplus']);
    expect(ids(plansForPeriod(ALL, 'year', sub('pro_annual')))).toEqual([
      'standard_annual',
      'proplus_annual',
    ]);
    expect(ids(plansForPeriod(ALL, 'month', sub('proplus')))).toEqual(['standard', 'pro']);
  });

  it('a legacy plan hides nothing: its holder may move to the plans on sale', () => {
    expect(ids(plansForPeriod(ALL, 'month', sub('pro_old')))).toEqual(['standard', 'pro', 'proplus']);
    expect(ids(plansForPeriod(ALL, 'month', sub('standard_semiannual')))).toHaveLength(3);
  });

  it('a pending cancellation still hides its plan (Resume continues it); an ended or dead one hides nothing', () => {
    expect(ids(plansForPeriod(ALL, 'month', sub('pro', { canceled_at: 1, cancel_at: 9 })))).toEqual([
      'standard',
      'proplus',
    ]);
    expect(ids(plansForPeriod(ALL, 'month', sub('pro', { status: 'canceled', ended_at: 1 })))).toHaveLength(
      3,
    );
    expect(ids(plansForPeriod(ALL, 'month', sub('standard', { status: 'unpaid' })))).toHaveLength(3);
  });
});

describe('isBilled and pendingCancelAt', () => {
  it('a pending cancellation is billed until its date; an ended one is not', () => {
    expect(isBilled(sub('pro', { canceled_at: 1, cancel_at: 99 }))).toBe(true);
    expect(pendingCancelAt(sub('pro', { canceled_at: 1, cancel_at: 99 }))).toBe(99);
    expect(pendingCancelAt(sub('pro'))).toBeNull();
    expect(pendingCancelAt(sub('pro', { status: 'canceled', ended_at: 99, cancel_at: 99 }))).toBeNull();
    expect(isBilled(null)).toBe(false);
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

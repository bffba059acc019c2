import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from './subscription.ts';
import { meetsTier, tierOf } from './tier.ts';

const sub = (plan: string, overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  plan,
  status: 'active',
  ended_at: null,
  canceled_at: null,
  ...overrides,
});

describe('tierOf', () => {
  it.each([
    ['standard', 'standard'],
    ['standard_annual', 'standard'],
    ['standard_semiannual', 'standard'],
    ['pro', 'pro'],
    ['pro_annual', 'pro'],
    ['pro_semiannual', 'pro'],
    ['pro_old', 'pro'],
    ['proplus', 'proplus'],
    ['proplus_annual', 'proplus'],
    ['proplus_semiannual', 'proplus'],
  ])('an active %s plan is %s', (plan, tier) => {
    expect(tierOf(sub(plan))).toBe(tier);
    expect(tierOf(sub(plan, { status: 'trialing' }))).toBe(tier);
  });

  it('anything not active is none', () => {
    expect(tierOf(null)).toBe('none');
    expect(tierOf(undefined)).toBe('none');
    expect(tierOf(sub('proplus', { status: 'past_due' }))).toBe('none');
    expect(tierOf(sub('proplus', { status: 'canceled' }))).toBe('none');
    expect(tierOf(sub('pro', { ended_at: 1_700_000_000 }))).toBe('none');
  });
});

describe('meetsTier', () => {
  it('Pro is met by Pro and Pro Plus, Pro Plus only by Pro Plus', () => {
    expect(meetsTier('pro', 'pro')).toBe(true);
    expect(meetsTier('proplus', 'pro')).toBe(true);
    expect(meetsTier('proplus', 'proplus')).toBe(true);
    expect(meetsTier('pro', 'proplus')).toBe(false);
    expect(meetsTier('standard', 'pro')).toBe(false);
    expect(meetsTier('none', 'pro')).toBe(false);
  });
});

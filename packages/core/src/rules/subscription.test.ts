import { describe, expect, it } from 'vitest';
import { isActive, isLive, isOldPro, isPro, isProPlus, type SubscriptionState } from './subscription.ts';

const sub = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  plan: 'pro',
  status: 'active',
  ended_at: null,
  canceled_at: null,
  ...overrides,
});

describe('tier predicates (spec §4)', () => {
  it('active means trialing or active and not ended', () => {
    expect(isActive(sub())).toBe(true);
    expect(isActive(sub({ status: 'trialing' }))).toBe(true);
    expect(isActive(sub({ status: 'past_due' }))).toBe(false);
    expect(isActive(sub({ ended_at: 1_700_000_000 }))).toBe(false);
    expect(isActive(null)).toBe(false);
  });

  it('a cancelled plan that runs to the end of its period is still active but not live', () => {
    const cancelled = sub({ canceled_at: 1_700_000_000 });
    expect(isActive(cancelled)).toBe(true);
    expect(isLive(cancelled)).toBe(false);
  });

  it('live excludes canceled, unpaid and incomplete_expired', () => {
    expect(isLive(sub({ status: 'past_due' }))).toBe(true);
    for (const status of ['canceled', 'unpaid', 'incomplete_expired']) {
      expect(isLive(sub({ status }))).toBe(false);
    }
  });

  it('Pro covers the current and the older Pro plans; Pro Plus its own', () => {
    expect(isPro(sub({ plan: 'pro_annual' }))).toBe(true);
    expect(isPro(sub({ plan: 'pro_old' }))).toBe(true);
    expect(isOldPro(sub({ plan: 'pro_old' }))).toBe(true);
    expect(isOldPro(sub({ plan: 'pro' }))).toBe(false);
    expect(isPro(sub({ plan: 'proplus' }))).toBe(false);
    expect(isProPlus(sub({ plan: 'proplus_annual' }))).toBe(true);
    expect(isProPlus(sub({ plan: 'standard' }))).toBe(false);
    expect(isPro(sub({ plan: 'pro', status: 'canceled' }))).toBe(false);
  });
});

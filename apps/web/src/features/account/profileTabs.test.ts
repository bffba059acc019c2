import type { SubscriptionState } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { selectTab, visibleTabs } from './profileTabs.ts';

const active: SubscriptionState = { plan: 'pro', status: 'active', ended_at: null, canceled_at: null };
const ended: SubscriptionState = { plan: 'pro', status: 'canceled', ended_at: 1, canceled_at: 1 };

describe('profile tabs (spec §2)', () => {
  it('shows only Plan without an active subscription, whatever the role', () => {
    expect(visibleTabs({ role: 'trader', subscription: null })).toEqual(['plan']);
    expect(visibleTabs({ role: 'admin', subscription: ended })).toEqual(['plan']);
  });

  it('lets a past-due or unpaid subscriber reach Payment to replace the card, and nothing else', () => {
    for (const status of ['past_due', 'unpaid']) {
      const owing = { ...active, status };
      expect(visibleTabs({ role: 'trader', subscription: owing })).toEqual(['payment', 'plan']);
      expect(selectTab(visibleTabs({ role: 'admin', subscription: owing }), 'payment')).toBe('payment');
      expect(selectTab(visibleTabs({ role: 'trader', subscription: owing }), 'profile')).toBeNull();
    }
    // Once it has ended, it is no subscription at all.
    expect(visibleTabs({ role: 'trader', subscription: { ...ended, status: 'unpaid' } })).toEqual(['plan']);
  });

  it('shows Admin to admins only', () => {
    expect(visibleTabs({ role: 'trader', subscription: active })).toEqual([
      'account',
      'profile',
      'payment',
      'plan',
      'api',
    ]);
    expect(visibleTabs({ role: 'mod', subscription: active })).not.toContain('admin');
    expect(visibleTabs({ role: 'admin', subscription: active })).toContain('admin');
  });

  it('picks the first tab when none is named, and the lone tab whatever the URL says', () => {
    const all = visibleTabs({ role: 'trader', subscription: active });
    expect(selectTab(all, undefined)).toBe('account');
    expect(selectTab(all, 'payment')).toBe('payment');
    expect(selectTab(['plan'], 'payment')).toBe('plan');
    expect(selectTab(['plan'], undefined)).toBe('plan');
  });

  it('refuses tabs the user may not see', () => {
    expect(selectTab(visibleTabs({ role: 'trader', subscription: active }), 'admin')).toBeNull();
    expect(selectTab(visibleTabs({ role: 'trader', subscription: active }), 'account')).toBeNull();
  });
});

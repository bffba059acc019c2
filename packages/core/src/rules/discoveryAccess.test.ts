import { describe, expect, it } from 'vitest';
import { discoveryAccess, hiddenDiscoveryKeys } from './discoveryAccess.ts';

const sub = (plan: string, status = 'active') => ({ plan, status, ended_at: null, canceled_at: null });

describe('Discovery access by plan (dashboard spec §6)', () => {
  it('opens Discovery to Pro, old Pro and Pro Plus, never to Standard or a lapsed plan', () => {
    expect(discoveryAccess(sub('standard'))).toBe('none');
    expect(discoveryAccess(sub('pro'))).toBe('pro');
    expect(discoveryAccess(sub('pro_annual'))).toBe('pro');
    expect(discoveryAccess(sub('pro_old'))).toBe('oldpro');
    expect(discoveryAccess(sub('proplus_annual'))).toBe('proplus');
    expect(discoveryAccess(sub('proplus', 'canceled'))).toBe('none');
    expect(discoveryAccess(null)).toBe('none');
  });

  it('hides squeeze and money flow below Pro Plus except on old Pro; trend, short ratio, ATR and gap below Pro Plus', () => {
    expect(hiddenDiscoveryKeys('proplus')).toEqual([]);
    expect([...hiddenDiscoveryKeys('oldpro')].sort()).toEqual(['g', 'sr', 'st', 'tr']);
    expect([...hiddenDiscoveryKeys('pro')].sort()).toEqual(['g', 'mf', 'sr', 'st', 'tr', 'z']);
  });
});

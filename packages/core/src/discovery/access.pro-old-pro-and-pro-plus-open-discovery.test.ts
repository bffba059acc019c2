import { describe, expect, it } from 'vitest';
import { canOpenDiscovery } from './access.ts';
import { discoveryMessages } from './messages.ts';

const sub = (plan: string, status = 'active') => ({ plan, status, ended_at: null, canceled_at: null });

describe('who opens Discovery (discovery spec §4 access)', () => {
  it('Pro, old Pro and Pro Plus open it — Pro Plus included', () => {
    for (const plan of ['pro', 'pro_annual', 'pro_semiannual', 'pro_old', 'proplus', 'proplus_annual']) {
      expect(canOpenDiscovery(sub(plan))).toBe(true);
    }
    expect(canOpenDiscovery(sub('proplus', 'trialing'))).toBe(true);
  });

  it('Standard, visitors and lapsed plans get the upgrade question', () => {
    expect(canOpenDiscovery(sub('standard'))).toBe(false);
    expect(canOpenDiscovery(null)).toBe(false);
    expect(canOpenDiscovery(sub('proplus', 'canceled'))).toBe(false);
    expect(canOpenDiscovery({ ...sub('pro'), ended_at: 1 })).toBe(false);
    expect(discoveryMessages.upgrade).toBe('Only available with Pro plan - Upgrade?');
    expect(discoveryMessages.upgradePath).toBe('/profile/plan');
  });

  it('the table alert messages read as §8 writes them', () => {
    expect(discoveryMessages.alertAdded('Unusual volume', 'AAPL')).toBe(
      'Unusual volume alert added for AAPL',
    );
    expect(discoveryMessages.alertExists('Trade', 'AAPL')).toBe(
      'Trade alert for AAPL is already registered!',
    );
    expect(discoveryMessages.alertFailed('Hi/low', 'AAPL')).toBe('Failed to register Hi/low alert for AAPL');
  });
});

import { describe, expect, it } from 'vitest';
import type { DashboardConfig } from './configSchema.ts';
import { defaultConfig } from './defaultConfig.ts';
import { withoutLockedRanges } from './lockedRanges.ts';

function narrowed(): DashboardConfig {
  const config = defaultConfig();
  const [first] = config.stream;
  if (!first) throw new Error('the default config has stream channels');
  first.value.atr = { min: 5, max: 50 };
  first.value.gap = { min: 2, max: 8 };
  first.value.price = { min: 1, max: 20 };
  return config;
}

describe('withoutLockedRanges: ATR % and GAP % ranges are kept for Pro Plus only', () => {
  it('Pro Plus keeps what it set, the same object', () => {
    const config = narrowed();
    expect(withoutLockedRanges(config, 'proplus')).toBe(config);
  });

  it.each(['none', 'standard', 'pro'] as const)(
    '%s gets the full ATR and GAP ranges, other ranges kept',
    (tier) => {
      const out = withoutLockedRanges(narrowed(), tier);
      for (const channel of out.stream) {
        expect(channel.value.atr).toEqual({ min: 0, max: 1000 });
        expect(channel.value.gap).toEqual({ min: 0, max: 1000 });
      }
      expect(out.stream[0]?.value.price).toEqual({ min: 1, max: 20 });
    },
  );

  it('leaves the input untouched', () => {
    const config = narrowed();
    withoutLockedRanges(config, 'pro');
    expect(config.stream[0]?.value.atr).toEqual({ min: 5, max: 50 });
  });
});

describe('withoutLockedRanges: the filtered voice zone is Pro Plus only', () => {
  const voiced = (): DashboardConfig => ({
    ...defaultConfig(),
    voiceNoti: [
      { zone: 'filtered', voice: 'voice2', type: 'name' },
      { zone: 'halt', voice: 'voice1', type: 'symbol' },
    ],
  });

  it('Pro Plus keeps it', () => {
    expect(withoutLockedRanges(voiced(), 'proplus').voiceNoti.map((v) => v.zone)).toEqual([
      'filtered',
      'halt',
    ]);
  });

  it.each(['standard', 'pro'] as const)('%s has it dropped, the other zones kept', (tier) => {
    expect(withoutLockedRanges(voiced(), tier).voiceNoti).toEqual([
      { zone: 'halt', voice: 'voice1', type: 'symbol' },
    ]);
  });
});

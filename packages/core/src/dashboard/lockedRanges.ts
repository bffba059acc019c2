import type { Tier } from '../rules/tier.ts';
import { type DashboardConfig, PRO_PLUS_RANGE_KEYS, STREAM_RANGES } from './configSchema.ts';

/**
 * ATR % and GAP % filters and the `filtered` voice zone are Pro Plus only (spec §6). Below Pro
 * Plus the ranges are saved as the full range, i.e. no filter, and the zone is dropped: what is
 * stored is always what applies, whoever reads it later (the stream filter, another device, the
 * settings page). See docs/decisions.md, Settings.
 */
export function withoutLockedRanges(config: DashboardConfig, tier: Tier): DashboardConfig {
  if (tier === 'proplus') return config;
  return {
    ...config,
    voiceNoti: config.voiceNoti.filter((entry) => entry.zone !== 'filtered'),
    stream: config.stream.map((channel) => ({
      ...channel,
      value: {
        ...channel.value,
        ...Object.fromEntries(PRO_PLUS_RANGE_KEYS.map((key) => [key, { ...STREAM_RANGES[key] }])),
      },
    })),
  };
}

import {
  type DashboardConfig,
  type Layout,
  PRO_PLUS_RANGE_KEYS,
  type SaveDiscoveryRequest,
  type SettingsResponse,
  STREAM_RANGES,
  type Tier,
} from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import { createSettingsRepository } from './repository.ts';

/**
 * ATR % and GAP % filters are Pro Plus only (spec §6). Below Pro Plus they are saved as the full
 * range, i.e. no filter: what is stored is always what applies, whoever reads it later (the
 * stream filter, another device, the settings page). See docs/decisions.md, Settings.
 */
export function withoutLockedRanges(config: DashboardConfig, tier: Tier): DashboardConfig {
  if (tier === 'proplus') return config;
  return {
    ...config,
    stream: config.stream.map((channel) => ({
      ...channel,
      value: {
        ...channel.value,
        ...Object.fromEntries(PRO_PLUS_RANGE_KEYS.map((key) => [key, { ...STREAM_RANGES[key] }])),
      },
    })),
  };
}

export function createSettingsService(ctx: Pick<AppContext, 'database' | 'clock'>) {
  const repository = createSettingsRepository(ctx.database.db);
  return {
    async read(userId: string): Promise<SettingsResponse> {
      return { success: true, ...(await repository.find(userId)) };
    },
    /** Layouts arrive already checked by `saveLayoutRequestSchema` (three keys, one active). */
    saveLayout(userId: string, layouts: Layout[]): Promise<void> {
      return repository.save(userId, 'layout', JSON.stringify(layouts), ctx.clock.now());
    },
    saveConfig(userId: string, config: DashboardConfig, tier: Tier): Promise<void> {
      return repository.save(
        userId,
        'config',
        JSON.stringify(withoutLockedRanges(config, tier)),
        ctx.clock.now(),
      );
    },
    saveDiscovery(userId: string, discovery: SaveDiscoveryRequest['discovery']): Promise<void> {
      return repository.save(userId, 'discovery', JSON.stringify(discovery), ctx.clock.now());
    },
  };
}

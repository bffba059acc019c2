import {
  type DashboardConfig,
  type Layout,
  type SaveDiscoveryRequest,
  type SettingsResponse,
  type Tier,
  withoutLockedRanges,
} from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import { createSettingsRepository } from './repository.ts';

export function createSettingsService(ctx: Pick<AppContext, 'database' | 'clock'>) {
  const repository = createSettingsRepository(ctx.database.db);
  return {
    async read(userId: string): Promise<SettingsResponse> {
      return { success: true, ...(await repository.find(userId)) };
    },
    /** Layouts arrive already checked by `saveLayoutRequestSchema` (three keys, one active). */
    saveLayout(userId: string, layouts: Layout[]): Promise<void> {
      return repository.save(userId, 'layout', JSON.stringify(layouts), new Date(ctx.clock.now()));
    },
    saveConfig(userId: string, config: DashboardConfig, tier: Tier): Promise<void> {
      return repository.save(
        userId,
        'config',
        JSON.stringify(withoutLockedRanges(config, tier)),
        new Date(ctx.clock.now()),
      );
    },
    saveDiscovery(userId: string, discovery: SaveDiscoveryRequest['discovery']): Promise<void> {
      return repository.save(userId, 'discovery', JSON.stringify(discovery), new Date(ctx.clock.now()));
    },
  };
}

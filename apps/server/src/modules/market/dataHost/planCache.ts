import type { DiscoveryAccess } from '@tapeline/core';
import type { Clock } from '../../../platform/clock.ts';

/** How long a trader's plan, as the data host reads it, is trusted before it is read again. */
export const PLAN_CACHE_MS = 30_000;

/** What Discovery opens for a user now (their plan, not the one their data token was issued for). */
export interface PlanCheck {
  accessOf(userId: string): Promise<DiscoveryAccess>;
}

interface Entry {
  access: DiscoveryAccess;
  readAt: number;
}

/**
 * The data host's plan reads: a data token lives 15 minutes, a plan can change any second (an
 * upgrade just paid for, a downgrade, a lapse), so each request is judged by the user's current
 * plan, read from the database at most twice a minute per user however often widgets poll — the
 * same bargain as the session cache.
 */
export function createPlanCache(
  read: (userId: string) => Promise<DiscoveryAccess>,
  clock: Clock,
  ttlMs = PLAN_CACHE_MS,
): PlanCheck {
  const entries = new Map<string, Entry>();
  return {
    async accessOf(userId) {
      const now = clock.now();
      const entry = entries.get(userId);
      if (entry && now - entry.readAt < ttlMs) return entry.access;
      const access = await read(userId);
      if (entries.size >= 50_000) {
        for (const [id, e] of entries) if (now - e.readAt >= ttlMs) entries.delete(id);
      }
      entries.set(userId, { access, readAt: now });
      return access;
    },
  };
}

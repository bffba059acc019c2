import type { Bus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { type ApiKeysRepository, createApiKeysRepository } from './repository.ts';

/** What the key actions need: the repository, the clock, and the bus revocations go out on. */
export interface ApiKeyDeps {
  keys: ApiKeysRepository;
  clock: Clock;
  bus: Bus;
}

export function createApiKeyDeps(ctx: Pick<AppContext, 'database' | 'clock' | 'bus'>): ApiKeyDeps {
  return { keys: createApiKeysRepository(ctx.database.db), clock: ctx.clock, bus: ctx.bus };
}

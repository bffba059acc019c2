import { messages, symbolParamsSchema } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { parseInput } from '../../platform/http/validate.ts';
import type { SymbolUniverse } from '../settings/symbolUniverse.ts';
import { countInterest } from './countInterest.ts';
import { createPopularityRepository } from './repository.ts';

/**
 * The Popular widget's data: dashboard users (subscribers) vote and read. Votes are checked
 * against `universe`, the engine's reference data (the one settings checks imports against).
 */
export function popularityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  universe: SymbolUniverse,
): void {
  app.post('/api/stock_stats/inc/:symbol', async (request) => {
    const { user } = await guards.requireSubscriber(request);
    // Every call spends the trader's allowance (429 after it), malformed ones included, so a
    // flood of made-up symbols is limited exactly like one of real ones.
    await ctx.limiter.consume('popularityUser', user.id);
    const { symbol } = parseInput(
      symbolParamsSchema,
      request.params,
      'invalid_symbol',
      messages.invalidSymbol,
    );
    return countInterest(ctx, universe, user.id, symbol);
  });

  app.get('/api/stock_stats/top', async (request) => {
    await guards.requireSubscriber(request);
    return { success: true, data: await createPopularityRepository(ctx.database.db).top(ctx.clock.now()) };
  });
}

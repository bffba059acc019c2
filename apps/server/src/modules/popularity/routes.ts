import { messages, symbolParamsSchema } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
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
  route(
    app,
    {
      method: 'POST',
      url: '/api/stock_stats/inc/:symbol',
      guard: guards.subscriber,
      // Every call spends the trader's allowance (429 after it), malformed ones included, so a
      // flood of made-up symbols is limited exactly like one of real ones.
      afterGuard: ({ user }) => ctx.limiter.consume('popularityUser', user.id),
      params: input(symbolParamsSchema, 'invalid_symbol', messages.invalidSymbol),
    },
    async ({ principal, params }) => countInterest(ctx, universe, principal.user.id, params.symbol),
  );

  route(app, { method: 'GET', url: '/api/stock_stats/top', guard: guards.subscriber }, async () => ({
    success: true,
    data: await createPopularityRepository(ctx.database.db).top(new Date(ctx.clock.now())),
  }));
}

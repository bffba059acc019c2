import { symbolParamsSchema } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { countInterest } from './countInterest.ts';
import { createPopularityRepository } from './repository.ts';

/** The Popular widget's data: dashboard users (subscribers) vote and read. */
export function popularityRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.post('/api/stock_stats/inc/:symbol', async (request) => {
    const { user } = await guards.requireSubscriber(request);
    const { symbol } = parseInput(symbolParamsSchema, request.params, 'invalid_symbol', 'Symbol is invalid');
    return countInterest(ctx, user.id, symbol);
  });

  app.get('/api/stock_stats/top', async (request) => {
    await guards.requireSubscriber(request);
    return { success: true, data: await createPopularityRepository(ctx.database.db).top(ctx.clock.now()) };
  });
}

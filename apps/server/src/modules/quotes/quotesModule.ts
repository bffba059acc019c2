import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import type { V1Routes } from '../apiV1/v1Routes.ts';
import type { SymbolUniverse } from '../settings/symbolUniverse.ts';
import type { QuotesEngine } from './figures.ts';
import { type LiveQuotes, startLiveQuotes } from './liveQuotes.ts';
import { createQuotesRepository } from './repository.ts';
import { quotesRoutes } from './routes.ts';

/**
 * Favourite quotes on an API node: the routes and the live prices they move. Live prices stop
 * with the server (their bus subscription closes with it).
 */
export async function startQuotes(
  http: FastifyInstance,
  io: Server,
  ctx: AppContext,
  guards: Guards,
  deps: {
    engine: QuotesEngine;
    universe: SymbolUniverse;
    favoritesChanged(userId: string): void;
    v1?: V1Routes;
  },
): Promise<LiveQuotes> {
  const repository = createQuotesRepository(ctx.database.db);
  const live = await startLiveQuotes(io, ctx.bus, {
    guards,
    symbols: async (userId) => (await repository.list(userId)).map((q) => q.symbol),
    log: ctx.log,
  });
  quotesRoutes(http, ctx, guards, { ...deps, rooms: live });
  http.addHook('onClose', () => live.stop());
  return live;
}

import {
  quoteListSchema,
  quoteMessages,
  quotePinAnswerSchema,
  quotePinRequestSchema,
  quoteSymbolParamsSchema,
  quotesDeleteAnswerSchema,
  quotesEditRequestSchema,
  quotesReorderRequestSchema,
  sparklineAnswerSchema,
  sparklineParamsSchema,
  successAnswerSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards, Principal } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
import type { V1Routes } from '../apiV1/v1Routes.ts';
import type { SymbolUniverse } from '../settings/symbolUniverse.ts';
import { deleteQuote } from './deleteQuote.ts';
import type { QuoteRooms, QuotesDeps } from './deps.ts';
import { editQuotes } from './editQuotes.ts';
import type { QuotesEngine } from './figures.ts';
import { listQuotes } from './listQuotes.ts';
import { pinQuote } from './pinQuote.ts';
import { reorderQuotes } from './reorderQuotes.ts';
import { createQuotesRepository } from './repository.ts';
import { sparklines } from './sparklines.ts';

export interface QuoteRouteDeps {
  engine: QuotesEngine;
  universe: SymbolUniverse;
  rooms: QuoteRooms;
  /** Told after an add or delete: the alert rule publisher (`fav` category rules). */
  favoritesChanged(userId: string): void;
  /** The traders' API (modules/apiV1): the reads under /api/v1 with a personal key. */
  v1?: V1Routes;
}

const SYMBOL = input(quoteSymbolParamsSchema);
const BODY = input(quotesEditRequestSchema);

/**
 * The favourite-quote calls of discovery spec §7 (docs/quotes-news.md §1 "API"): subscribers
 * only, each trader's own list. Writes count against `quotesWrite`, reads against `quotesRead`,
 * malformed calls included (the allowance is taken before the input is read).
 */
export function quotesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  deps: QuoteRouteDeps,
): void {
  const quotes: QuotesDeps = {
    quotes: createQuotesRepository(ctx.database.db),
    universe: deps.universe,
    engine: deps.engine,
    rooms: deps.rooms,
    favoritesChanged: deps.favoritesChanged,
    clock: ctx.clock,
    log: ctx.log,
  };
  const read = ({ user }: Principal) => ctx.limiter.consume('quotesRead', user.id);
  const write = ({ user }: Principal) => ctx.limiter.consume('quotesWrite', user.id);

  route(
    app,
    {
      method: 'GET',
      url: '/api/quotes',
      guard: guards.subscriber,
      afterGuard: read,
      response: quoteListSchema,
    },
    async ({ principal }) => listQuotes(quotes, principal.user.id),
  );

  route(
    app,
    { method: 'POST', url: '/api/quotes', guard: guards.subscriber, afterGuard: write, body: BODY },
    async ({ principal, body, reply }) => editQuotes(quotes, principal.user.id, body, reply),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/quotes/:symbol',
      guard: guards.subscriber,
      afterGuard: write,
      params: SYMBOL,
      response: quotesDeleteAnswerSchema,
    },
    async ({ principal, params }) => deleteQuote(quotes, principal.user.id, params.symbol),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/quotes/reorder',
      guard: guards.subscriber,
      afterGuard: write,
      body: input(quotesReorderRequestSchema),
      response: successAnswerSchema,
    },
    async ({ principal, body }) => reorderQuotes(quotes, principal.user.id, body.quotes),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/quotes/pin/:symbol',
      guard: guards.subscriber,
      afterGuard: write,
      params: SYMBOL,
      body: input(quotePinRequestSchema, 'bad_request', quoteMessages.pinInvalid),
      response: quotePinAnswerSchema,
    },
    async ({ principal, params, body }) => pinQuote(quotes, principal.user.id, params.symbol, body.pin),
  );

  route(
    app,
    {
      method: 'GET',
      // 75 symbols are up to 1,275 characters: app.ts raises the router's parameter cap for it.
      url: '/api/stock_info/sparkline/:symbols',
      guard: guards.subscriber,
      afterGuard: read,
      params: input(sparklineParamsSchema),
      response: sparklineAnswerSchema,
    },
    async ({ params }) => sparklines(quotes, params.symbols),
  );

  deps.v1?.route('listQuotes', async ({ principal }) => listQuotes(quotes, principal.user.id));
  deps.v1?.route('getSparklines', async ({ params }) => sparklines(quotes, params.symbols));
}

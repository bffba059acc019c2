import {
  type DiscoveryAccess,
  dataSymbolParamsSchema,
  discoveryFileParamsSchema,
  discoveryQuerySchema,
  METERS_PATH,
  messages,
  serverMessages,
  streamRecentQuerySchema,
  timeframeSchema,
} from '@tapeline/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { HttpError, unauthorized } from '../../../platform/http/errors.ts';
import { type Guard, route } from '../../../platform/http/route.ts';
import { type Input, input, readInput } from '../../../platform/http/validate.ts';
import type { SessionCheck } from '../../auth/sessionCache.ts';
import type { EngineQuery } from '../engine/protocol.ts';
import { type EngineSource, EngineUnavailableError } from '../engine/source.ts';
import type { PlanCheck } from './planCache.ts';

/** The engine is not answering (stopped, restarting, overloaded): a retryable 503, not a 500. */
const engineUnavailable = () =>
  new HttpError(503, 'engine_unavailable', messages.serviceNotAvailable, false, { 'retry-after': '5' });

/** The engine's JSON for a query; an engine that does not answer is the retryable 503. */
export async function askEngine(engine: EngineSource, query: EngineQuery): Promise<string> {
  try {
    return await engine.query(query);
  } catch (error) {
    if (error instanceof EngineUnavailableError) throw engineUnavailable();
    throw error;
  }
}

const upgrade = () => new HttpError(403, 'upgrade_required', serverMessages.dataUpgradeRequired);

/** What each data-host guard lets through, by the token's access claim. */
const OPENS = {
  data: () => true,
  'data:discovery': (access: DiscoveryAccess) => access !== 'none',
  'data:moneyFlow': (access: DiscoveryAccess) => access === 'proplus' || access === 'oldpro',
} as const;

/**
 * The data host's own bearer token (POST /api/auth/ds/login): the API session it names must still
 * be live, and what Discovery opens is the user's plan now, not the token's claim (both read at
 * most every 30 s).
 */
function dataGuards(ctx: Pick<AppContext, 'dataTokens'>, sessions: SessionCheck, plans: PlanCheck) {
  const guard = (name: keyof typeof OPENS): Guard<DiscoveryAccess> => ({
    name,
    async check(request) {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) throw unauthorized();
      const result = await ctx.dataTokens.verify(match[1]);
      if (!result.ok) throw unauthorized(result.reason === 'expired');
      if (!(await sessions.isLive(result.claims.sessionId, result.claims.userId))) throw unauthorized();
      const access = await plans.accessOf(result.claims.userId);
      if (!OPENS[name](access)) throw upgrade();
      return access;
    },
  });
  return { any: guard('data'), discovery: guard('data:discovery'), moneyFlow: guard('data:moneyFlow') };
}

const TIMEFRAME = input(timeframeSchema, 'invalid_timeframe', messages.malformedRequest);
const SYMBOL: Input<{ symbol: string }> = {
  schema: dataSymbolParamsSchema,
  code: 'invalid_symbol',
  message: (issue) => issue?.message ?? messages.malformedRequest,
};

/**
 * `/data/*`: what the engine computed, as the engine serialized it, whether it runs on this
 * node's engine thread or in an engine process across the bus.
 */
export function dataHostRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'dataTokens'>,
  sessions: SessionCheck,
  plans: PlanCheck,
  engine: EngineSource,
): void {
  const guards = dataGuards(ctx, sessions, plans);
  const send = async (reply: FastifyReply, query: EngineQuery) =>
    reply.type('application/json').send(await askEngine(engine, query));
  const simple = (url: string, query: EngineQuery) =>
    route(app, { method: 'GET', url, guard: guards.any }, async ({ reply }) => send(reply, query));

  route(
    app,
    {
      method: 'GET',
      url: '/data/discovery',
      guard: guards.discovery,
      query: input(discoveryQuerySchema, 'invalid_timeframe', messages.malformedRequest),
      inputFirst: true,
    },
    async ({ principal, query, reply }) =>
      send(reply, { kind: 'discovery', tf: query.tf, access: principal }),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/data/:file',
      guard: guards.discovery,
      params: {
        ...input(discoveryFileParamsSchema, 'not_found', messages.notFound),
        status: 404,
        keepNul: true,
      },
      inputFirst: true,
    },
    async ({ principal, params, reply }) =>
      send(reply, { kind: 'discovery', tf: readInput(TIMEFRAME, params.tf), access: principal }),
  );
  route(
    app,
    { method: 'GET', url: '/data/money-flow/:symbol', guard: guards.moneyFlow, params: SYMBOL },
    async ({ params, reply }) => send(reply, { kind: 'moneyFlow', symbol: params.symbol }),
  );
  route(
    app,
    { method: 'GET', url: '/data/real-volume/:symbol', guard: guards.any, params: SYMBOL },
    async ({ params, reply }) => send(reply, { kind: 'realVolume', symbol: params.symbol }),
  );
  simple('/data/stock-names.json', { kind: 'names' });
  simple('/data/sector/symbols/cnt', { kind: 'sectorCounts' });
  simple('/data/symbol_with_options', { kind: 'optionable' });
  simple(METERS_PATH, { kind: 'meters' });
  // What a mounting Stream widget shows at once: its channel's newest highs, lows and halts of the
  // day, computed by the engine (docs/continuity.md §1), not the raw backlog of every channel.
  route(
    app,
    {
      method: 'GET',
      url: '/data/stream_bk',
      guard: guards.any,
      query: input(streamRecentQuerySchema, 'bad_request', messages.malformedRequest),
    },
    async ({ principal, query, reply }) =>
      send(reply, { kind: 'streamRecent', query, proPlus: principal === 'proplus' }),
  );
}

import {
  discoveryQuerySchema,
  isValidSymbol,
  METERS_PATH,
  messages,
  normalizeSymbol,
  timeframeSchema,
} from '@tapeline/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { HttpError, unauthorized } from '../../../platform/http/errors.ts';
import { parseInput } from '../../../platform/http/validate.ts';
import type { SessionCheck } from '../../auth/sessionCache.ts';
import type { EngineQuery } from '../engine/protocol.ts';
import { type EngineSource, EngineUnavailableError } from '../engine/source.ts';
import type { Backlog } from '../stream/backlog.ts';

type Access = 'none' | 'pro' | 'oldpro' | 'proplus';

/**
 * The data host's own bearer token (POST /api/auth/ds/login); its claim says what Discovery
 * opens, and the API session it names must still be live (checked at most every 30 s).
 */
async function dataAccess(
  ctx: Pick<AppContext, 'dataTokens'>,
  sessions: SessionCheck,
  request: FastifyRequest,
): Promise<Access> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  const result = await ctx.dataTokens.verify(match[1]);
  if (!result.ok) throw unauthorized(result.reason === 'expired');
  if (!(await sessions.isLive(result.claims.sessionId, result.claims.userId))) throw unauthorized();
  const access = result.claims.access;
  return access === 'pro' || access === 'oldpro' || access === 'proplus' ? access : 'none';
}

/** The engine is not answering (stopped, restarting, overloaded): a retryable 503, not a 500. */
const engineUnavailable = () =>
  new HttpError(503, 'engine_unavailable', messages.serviceNotAvailable, false, { 'retry-after': '5' });

const upgrade = () => new HttpError(403, 'upgrade_required', 'Upgrade your plan to see this');

function symbolOf(params: unknown): string {
  const raw =
    typeof (params as { symbol?: unknown }).symbol === 'string' ? (params as { symbol: string }).symbol : '';
  const symbol = normalizeSymbol(raw);
  if (!isValidSymbol(symbol)) throw new HttpError(400, 'invalid_symbol', `${raw} is not a valid symbol`);
  return symbol;
}

/**
 * `/data/*`: what the engine computed, as the engine serialized it, whether it runs on this
 * node's engine thread or in an engine process across the bus.
 */
export function dataHostRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'dataTokens'>,
  sessions: SessionCheck,
  engine: EngineSource,
  backlog: Backlog,
): void {
  const authorize = (request: FastifyRequest) => dataAccess(ctx, sessions, request);
  const send = async (reply: FastifyReply, query: EngineQuery) => {
    let json: string;
    try {
      json = await engine.query(query);
    } catch (error) {
      if (error instanceof EngineUnavailableError) throw engineUnavailable();
      throw error;
    }
    return reply.type('application/json').send(json);
  };

  const discovery = async (request: FastifyRequest, reply: FastifyReply, tfInput: unknown) => {
    const access = await authorize(request);
    if (access === 'none') throw upgrade();
    const tf = parseInput(timeframeSchema, tfInput, 'invalid_timeframe', messages.malformedRequest);
    return send(reply, { kind: 'discovery', tf, access });
  };

  app.get('/data/discovery', async (request, reply) => {
    const { tf } = parseInput(
      discoveryQuerySchema,
      request.query,
      'invalid_timeframe',
      messages.malformedRequest,
    );
    return discovery(request, reply, tf);
  });
  app.get('/data/stock-names.json', async (request, reply) => {
    await authorize(request);
    return send(reply, { kind: 'names' });
  });
  app.get('/data/:file', async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const match = /^discovery-(.+)\.json$/.exec(file);
    if (!match) throw new HttpError(404, 'not_found', messages.notFound);
    return discovery(request, reply, match[1]);
  });
  app.get('/data/money-flow/:symbol', async (request, reply) => {
    const access = await authorize(request);
    if (access !== 'proplus' && access !== 'oldpro') throw upgrade();
    return send(reply, { kind: 'moneyFlow', symbol: symbolOf(request.params) });
  });
  app.get('/data/real-volume/:symbol', async (request, reply) => {
    await authorize(request);
    return send(reply, { kind: 'realVolume', symbol: symbolOf(request.params) });
  });
  app.get('/data/sector/symbols/cnt', async (request, reply) => {
    await authorize(request);
    return send(reply, { kind: 'sectorCounts' });
  });
  app.get('/data/symbol_with_options', async (request, reply) => {
    await authorize(request);
    return send(reply, { kind: 'optionable' });
  });
  app.get(METERS_PATH, async (request, reply) => {
    await authorize(request);
    return send(reply, { kind: 'meters' });
  });
  app.get('/data/stream_bk', async (request, reply) => {
    await authorize(request);
    return reply.type('application/json').send(await backlog.json());
  });
}

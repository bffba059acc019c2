import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import { dataHostRoutes } from './dataHost/routes.ts';
import { type EngineHost, startEngineHost } from './engine/host.ts';
import { createBacklog } from './stream/backlog.ts';
import { STREAM_TOPIC, type StreamAccess, startStreamGateway } from './stream/gateway.ts';

export const DRAIN_MS = 250;
export const CHECKPOINT_MS = 10_000;

/** `manual:<ISO time>` starts a hand-fed engine's clock there, so tests can use any session. */
function manualClockStart(feed: string): number | null {
  const iso = /^manual:(.+)$/.exec(feed)?.[1];
  const ts = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ts) ? ts : null;
}

export interface MarketModule {
  /** Null on a node that runs no engine (MARKET_FEED=off): it only relays batches. */
  engine: EngineHost | null;
  stop(): Promise<void>;
}

/**
 * Market data on this node: the engine thread (unless MARKET_FEED=off), whose batches go to
 * the bus; the gateway, which relays the bus to sockets on every node; the data host.
 */
export async function startMarket(
  http: FastifyInstance,
  io: Server,
  ctx: AppContext,
  access: StreamAccess,
): Promise<MarketModule> {
  const backlog = createBacklog();
  const stopGateway = await startStreamGateway(io, ctx.bus, backlog, access);
  let engine: EngineHost | null = null;
  if (ctx.config.marketFeed !== 'off') {
    engine = await startEngineHost(
      {
        feed: ctx.config.marketFeed,
        checkpointFile: path.join(ctx.config.dataDir, 'engine', 'checkpoint.bin'),
        drainMs: DRAIN_MS,
        checkpointMs: CHECKPOINT_MS,
        clockStart: manualClockStart(ctx.config.marketFeed),
        feedEnv: ctx.config.feedEnv,
      },
      ctx.log,
    );
    engine.onBatch((json) => {
      ctx.bus
        .publish(STREAM_TOPIC, json)
        .catch((error: Error) => ctx.log.error({ err: error }, 'batch not published'));
    });
    dataHostRoutes(http, ctx, engine, backlog);
    ctx.log.info({ feed: ctx.config.marketFeed, status: engine.status }, 'market engine running');
  }
  return {
    engine,
    async stop() {
      await stopGateway();
      await engine?.stop();
    },
  };
}

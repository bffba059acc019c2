import { QUOTE_TOPICS } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { feedKindOf } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import type { SessionCheck } from '../auth/sessionCache.ts';
import { startNewsSources } from '../news/ingest/runner.ts';
import type { PlanCheck } from './dataHost/planCache.ts';
import { dataHostRoutes } from './dataHost/routes.ts';
import { bridgeAlerts } from './engine/alertsBridge.ts';
import { type EngineHost, startEngineHost } from './engine/host.ts';
import { bridgeNews } from './engine/newsBridge.ts';
import { createRemoteEngine, type RemoteEngine } from './engine/remoteEngine.ts';
import { engineSettings } from './engine/settings.ts';
import { type EngineSource, EngineUnavailableError } from './engine/source.ts';
import { type MarketStatusTracker, trackMarketStatus } from './marketStatus.ts';
import { type Backlog, createBacklog } from './stream/backlog.ts';
import { STREAM_TOPIC, startStreamGateway } from './stream/gateway.ts';

export { CHECKPOINT_MS, DRAIN_MS } from './engine/settings.ts';

export interface MarketModule {
  /** This process's engine thread; null on a node that runs none (`--role=api`, MARKET_FEED=off). */
  engine: EngineHost | null;
  /** What the data host asks: the local engine, or the engine process over the bus. */
  source: EngineSource;
  /** This node's recent stream batches (`stream_resume`, and the bots' `resume` on /ws/v1). */
  backlog: Backlog;
  /** The feed's label and health and the market's clock (`/api/config`, `market_status`). */
  status: MarketStatusTracker;
  stop(): Promise<void>;
}

/** The kind in an engine's status, which names its feed as MARKET_FEED was written there. */
const statusFeedKind = (feed: string) => feed.split(':')[0];

/**
 * Market data on an API node: the gateway, which relays the bus to sockets on every node; the
 * data host; and, in the `all` role with a feed, the engine thread whose batches go to the bus.
 * Without a local engine the data host asks the engine process (`--role=engine`) over the bus.
 */
export async function startMarket(
  http: FastifyInstance,
  io: Server,
  ctx: AppContext,
  guards: Pick<Guards, 'socket'>,
  sessions: SessionCheck,
  plans: PlanCheck,
): Promise<MarketModule> {
  const { config, log, bus } = ctx;
  const backlog = createBacklog();
  const stopGateway = await startStreamGateway(io, bus, backlog, guards.socket.subscriber, log, ctx.clock);
  let engine: EngineHost | null = null;
  let remote: RemoteEngine | null = null;
  let source: EngineSource;
  let stopAlerts = async () => {};
  let stopNews = async () => {};
  const market = config.marketFeed;
  if (config.role === 'all' && (market.kind === 'feed' || market.kind === 'manual')) {
    engine = await startEngineHost(
      engineSettings(config.dataDir, market, {
        checkpointMs: config.engineCheckpointMs,
        recordSessions: config.recordSessions,
      }),
      log,
      ctx.clock,
    );
    engine.onBatch((bytes) => {
      bus
        .publish(STREAM_TOPIC, bytes)
        .catch((error: Error) => log.error({ err: error }, 'batch not published'));
    });
    engine.onQuotes((json) => {
      bus
        .publish(QUOTE_TOPICS.tick, json)
        .catch((error: Error) => log.error({ err: error }, 'quote tick not published'));
    });
    stopAlerts = await bridgeAlerts(bus, engine, log, ctx.clock);
    const stopBridge = await bridgeNews(bus, engine, log, ctx.clock);
    // News sources run beside the engine; their drafts go out on the bus (docs/quotes-news.md §3).
    const newsSources = await startNewsSources(config, bus, engine, log, { clock: ctx.clock });
    stopNews = async () => {
      await newsSources.stop();
      await stopBridge();
    };
    log.info({ feed: market.name, status: engine.status }, 'market engine running');
    source = engine;
  } else if (bus.kind === 'memory') {
    // Only this process is on an in-memory bus, and it runs no engine: nothing to wait for.
    log.warn('no market engine on this node and no REDIS_URL: the data host will answer 503');
    source = {
      status: null,
      query: () => Promise.reject(new EngineUnavailableError('no market engine on this bus')),
    };
  } else {
    let warned = false;
    remote = await createRemoteEngine(bus, {
      log,
      clock: ctx.clock,
      // /api/config's SIMULATED flag reads this node's MARKET_FEED: say when it is not the engine's.
      onStatus: (status) => {
        if (warned || statusFeedKind(status.feed) === feedKindOf(market)) return;
        warned = true;
        log.warn(
          { engineFeed: status.feed, marketFeed: market.name },
          'MARKET_FEED here differs from the engine process; set it to the same feed',
        );
      },
    });
    log.info('market data from the engine process over the bus');
    source = remote;
  }
  dataHostRoutes(http, ctx, sessions, plans, source);
  const status = trackMarketStatus(source, config.marketSource, { clock: ctx.clock, log, io });
  return {
    engine,
    source,
    backlog,
    status,
    async stop() {
      status.stop();
      await stopGateway();
      await stopAlerts();
      await stopNews();
      await remote?.close();
      await engine?.stop();
    },
  };
}

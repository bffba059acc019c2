import { type DiscoveryAccess, discoveryAccess, type MarketStatus, QUOTES_MAX } from '@tapeline/core';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { adminRoutes } from './modules/admin/routes.ts';
import { alertHistoryRoutes } from './modules/alertHistory/routes.ts';
import { type AlertsModule, startAlerts } from './modules/alerts/alertsModule.ts';
import { countDeliveries } from './modules/alerts/delivery/countDeliveries.ts';
import { type ApiV1, serveMarketReads, startApiV1 } from './modules/apiV1/apiV1Module.ts';
import { startWsV1, type WsV1Server } from './modules/apiV1/ws/wsServer.ts';
import { type AuthDeps, createAuthDeps } from './modules/auth/deps.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authenticateSession } from './modules/auth/session.ts';
import { createSessionCache } from './modules/auth/sessionCache.ts';
import { type SocketSessionWatch, watchSocketSessions } from './modules/auth/socketSessions.ts';
import { findCurrentSubscription, toSubscriptionView } from './modules/billing/currentBilling.ts';
import { startBillingTicks } from './modules/billing/lifecycleTicks.ts';
import { createBillingProvider } from './modules/billing/providers/index.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { type ChatModule, startChat } from './modules/chat/chatModule.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { startLab } from './modules/lab/labModule.ts';
import { type DiscoveryLive, discoveryLiveModule } from './modules/market/dataHost/discoveryLive.ts';
import { createPlanCache } from './modules/market/dataHost/planCache.ts';
import { type MarketModule, startMarket } from './modules/market/marketModule.ts';
import { startNews } from './modules/news/newsModule.ts';
import { popularityRoutes } from './modules/popularity/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { startQuotes } from './modules/quotes/quotesModule.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { cachedUniverse, engineUniverse } from './modules/settings/symbolUniverse.ts';
import { healthRoutes } from './modules/system/health.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { rekeyUsernames } from './modules/users/usernames.ts';
import { type VoiceModule, voiceRoutes } from './modules/voice/routes.ts';
import type { Config } from './platform/config.ts';
import { type AppContext, type ContextOverrides, createContext } from './platform/context.ts';
import { installBodyTimeout } from './platform/http/bodyTimeout.ts';
import { type HttpDrain, trackHttpDrain } from './platform/http/drain.ts';
import { answerFrameworkError, installErrorHandler } from './platform/http/errors.ts';
import { createGuards, type GuardSources } from './platform/http/guards.ts';
import { installNulGuard } from './platform/http/nulGuard.ts';
import { securityHeaders } from './platform/http/securityHeaders.ts';
import { serveSpa } from './platform/http/spa.ts';
import { metrics, watch } from './platform/metrics.ts';
import { attachSocketServer, socketAdapterKey } from './platform/realtime/socketServer.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface App {
  http: FastifyInstance;
  io: Server;
  market: MarketModule;
  alerts: AlertsModule;
  /** Tests sweep on demand rather than waiting for the 30 s timer. */
  socketSessions: SocketSessionWatch;
  /** The voice clip host at `/voice`; null when VOICE_HOST names another host. */
  voice: VoiceModule | null;
  /** Discovery's opt-in live patches; tests tick it rather than waiting for the 1 s timer. */
  discoveryLive: DiscoveryLive;
  /** The community chat (docs/chat.md); tests run its month sweep. */
  chat: ChatModule;
  /** The traders' API (docs/api.md): keys, v1 routes; `ws` is the bots' socket, ticked by tests. */
  api: ApiV1 & { ws: WsV1Server };
  /** Requests in flight; a stop drains them before closing (main.ts, platform/http/drain.ts). */
  drain: HttpDrain;
}

/**
 * The composition root's context: what platform/ builds plus the services modules own and share
 * (today the billing provider), built here once so that platform/ never imports modules/.
 */
export async function createAppContext(
  config: Config,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const platform = await createContext(config, overrides);
  return { ...platform, billing: createBillingProvider(platform) };
}

/** What the guards read: sessions from the auth module, the current subscription from billing. */
export function guardSources(auth: AuthDeps): GuardSources {
  const { db } = auth.ctx.database;
  return {
    authenticate: (authorization) => authenticateSession(auth, authorization),
    findUser: (userId) => auth.users.findById(userId),
    async currentSubscription(userId) {
      const row = await findCurrentSubscription(db, userId);
      return row ? toSubscriptionView(row) : null;
    },
  };
}

/** The HTTP API, the SPA and socket.io on one server, wired to an already-built context. */
export async function buildApp(ctx: AppContext): Promise<App> {
  const http: FastifyInstance = Fastify({
    loggerInstance: ctx.requestLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // GET /api/stock_info/sparkline/{symbols} names up to 75 symbols in one parameter (the default cap is 100).
    routerOptions: { maxParamLength: QUOTES_MAX * 17 },
    trustProxy: ctx.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
  });
  // Requests in flight, so a SIGTERM lets them finish (main.ts).
  const drain = trackHttpDrain(http.server, ctx.clock);
  installErrorHandler(http);
  installNulGuard(http);
  installBodyTimeout(http, ctx.clock);
  // By route pattern (a bounded set), never by URL.
  http.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    metrics.httpSeconds.observe({ route }, reply.elapsedTime / 1000);
  });
  await securityHeaders(http, ctx.config);

  const auth = createAuthDeps(ctx);
  // Usernames stored before the confusables skeleton get today's key (users/usernames.ts).
  await rekeyUsernames(ctx.database.db, ctx.log);
  // The one place the realtime layer reads the injected clock (socket buckets, guard facts, bans).
  const guards = createGuards(guardSources(auth), ctx.clock);
  authRoutes(http, auth, guards);
  // The traders' API: key routes and guards first, so the modules below declare their v1 lines.
  const api = startApiV1(http, ctx, guards);
  // /api/config reads the market's status once the market module runs (below).
  let marketStatus: () => MarketStatus | null = () => null;
  systemRoutes(http, ctx, () => marketStatus());
  devRoutes(http, ctx);
  alertHistoryRoutes(http, ctx, guards, api.v1);
  await profileRoutes(http, ctx, guards);
  adminRoutes(http, auth, guards);
  usersRoutes(http, ctx, guards);
  billingRoutes(http, ctx, guards);
  const stopBillingTicks = startBillingTicks(ctx.billing, ctx.log, ctx.clock);
  await serveSpa(http, ctx.config.webDist);

  // Told when a trader's tab connects; the voice module answers once it runs (below).
  let traderConnected: (userId: string) => void = () => {};
  const io = attachSocketServer(
    http.server,
    async (token) => {
      const { user, sessionId } = await authenticateSession(auth, `Bearer ${token}`);
      return { userId: user.id, sessionId };
    },
    { clock: ctx.clock, log: ctx.log, onConnect: (userId) => traderConnected(userId) },
    ctx.redis && {
      client: ctx.redis,
      key: socketAdapterKey(ctx.config.busPrefix),
      watch: ctx.redisWatch,
      log: ctx.log,
    },
  );
  // Ended sessions close their sockets and stop their data-host tokens (docs/security.md).
  const socketSessions = watchSocketSessions(io, { ...auth, clock: ctx.clock });
  const dataSessions = createSessionCache(auth.sessions, ctx.clock, auth.revocations);
  const dataPlans = createPlanCache(
    (userId) =>
      guards.forUserId(userId, { subscriber: true }).then(
        (principal) => discoveryAccess(principal.subscription),
        (): DiscoveryAccess => 'none',
      ),
    ctx.clock,
  );
  const market = await startMarket(http, io, ctx, guards, dataSessions, dataPlans);
  healthRoutes(http, ctx, market.source);
  watch.engine(market.source);
  watch.sockets(() => [...io._nsps.values()].map((nsp) => [nsp.name, nsp.sockets.size] as [string, number]));
  watch.deliveries(() => countDeliveries(ctx.database.db));
  marketStatus = () => market.status.current();
  // After the market: CSV imports and Popular votes check names against the engine's reference
  // data (this node's or the bus's), one universe for both.
  const universe = cachedUniverse(engineUniverse(market.source), ctx.clock);
  // Voice clips speak listed symbols only: the same engine's names. A trader's watched symbols
  // (favourites, symbol alerts) get their clips rendered ahead when their tab connects and when
  // what they watch or how it is spoken changes (docs/alerts.md, "Voice clips").
  const voice = voiceRoutes(http, ctx, market.source);
  traderConnected = (userId) => voice?.warmer.warm(userId, 'session');
  let alerts: AlertsModule | null = null;
  const traderChanged = (userId: string) => {
    alerts?.rules.changed(userId);
    voice?.warmer.warm(userId, 'change');
  };
  settingsRoutes(http, ctx, guards, universe, traderChanged);
  // Favourites feed the `fav` alert category; their live prices ride this node's sockets.
  await startQuotes(http, io, ctx, guards, {
    engine: market.source,
    universe,
    favoritesChanged: traderChanged,
    v1: api.v1,
  });
  popularityRoutes(http, ctx, guards, universe);
  // Discovery's live mode: changed rows once a second to the tabs that opt in (issue 13 §9).
  const discoveryLive = discoveryLiveModule(http, io, ctx, guards, market.source);
  alerts = await startAlerts(http, io, ctx, guards, market, universe, api.v1, (userId) =>
    voice?.warmer.warm(userId, 'change'),
  );
  // The Alert lab: backtests over recorded sessions, and the chart's bars (issue 26).
  const lab = startLab(http, ctx, guards, api.v1);
  // News on every API node: routes, the `news` room, storing what the sources publish (stops on close).
  await startNews(http, io, ctx, guards, { v1: api.v1 });
  serveMarketReads(api.v1, market.source);
  // The bots' WebSocket (/ws/v1) beside socket.io on the same server.
  const ws = await startWsV1(http.server, {
    keyAuth: api.keyAuth,
    keyGuards: api.keyGuards,
    keys: api.keys.keys,
    bus: ctx.bus,
    backlog: market.backlog,
    clock: ctx.clock,
    log: ctx.log,
  });
  // Chat: routes, one handler per socket event, `chat:<channel>` rooms ($SYMBOLs from the same universe).
  // Mention pushes are written with the message; the delivery worker is told to look at once.
  const chat = startChat(http, io, ctx, guards, universe, {
    kickDeliveries: () => alerts?.deliveries.kick(),
  });
  // Before the HTTP server closes, which waits for every connection: upgraded ones (the bots'
  // WebSockets, socket.io's) are no longer its to close, so a stop with a tab open waited out the
  // 10 s limit and exited 1. This node's sockets only (`local`): the Redis adapter would carry a
  // plain disconnectSockets to every node.
  http.addHook('preClose', async () => {
    await ws.close();
    io.local.disconnectSockets(true);
  });
  http.addHook('onClose', async () => {
    stopBillingTicks();
    await alerts?.stop();
    await lab.stop();
    socketSessions.close();
    dataSessions.close();
    await market.stop();
    await io.close();
  });
  await http.ready();
  return {
    http,
    io,
    market,
    alerts,
    socketSessions,
    voice,
    discoveryLive,
    chat,
    api: { ...api, ws },
    drain,
  };
}

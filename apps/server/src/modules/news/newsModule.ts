import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { type NewsIngest, startNewsIngest } from './ingest/newsIngest.ts';
import { serveNewsGateway } from './newsGateway.ts';
import { type NewsRouteOptions, newsRoutes } from './routes.ts';
import { createNewsRepository, type NewsRepository } from './store/repository.ts';

/** Retention runs this often on every API node (a delete of nothing is cheap). */
export const RETENTION_EVERY_MS = 3600_000;

export interface NewsModule {
  ingest: NewsIngest;
  /** Deletes articles past NEWS_RETENTION_DAYS now; answers how many. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/** Each app's news module, by its HTTP server: tests read ingest stats without a field on App. */
const modules = new WeakMap<FastifyInstance, NewsModule>();

export function newsModuleOf(http: FastifyInstance): NewsModule {
  const module = modules.get(http);
  if (!module) throw new Error('no news module on this app');
  return module;
}

/** Deletes what was published more than `days` before the clock's now. */
export function sweepNews(news: NewsRepository, now: Date, days: number): Promise<number> {
  return news.deleteOlderThan(new Date(now.getTime() - days * 86_400_000));
}

/**
 * News on an API node (docs/quotes-news.md §3): the routes, the socket room, storing what the
 * sources publish on the bus, answering the engine's `news:sync`, and hourly retention. Stops
 * with the HTTP server.
 */
export async function startNews(
  http: FastifyInstance,
  io: Server,
  ctx: AppContext,
  guards: Guards,
  options: NewsRouteOptions = {},
): Promise<NewsModule> {
  const news = createNewsRepository(ctx.database.db);
  newsRoutes(http, ctx, guards, news, options);
  serveNewsGateway(io, guards);
  // The module's timers (retention, ingest) in one scope: stopping the module ends them all.
  const clock = ctx.clock.scope();
  const ingest = await startNewsIngest({ bus: ctx.bus, io, news, clock, log: ctx.log });
  const sweep = () => sweepNews(news, new Date(ctx.clock.now()), ctx.config.news.retentionDays);
  const runSweep = () =>
    void sweep().then(
      (deleted) => deleted > 0 && ctx.log.info({ deleted }, 'old news deleted'),
      (error: Error) => ctx.log.warn({ err: error }, 'news retention failed'),
    );
  clock.setInterval(runSweep, RETENTION_EVERY_MS);
  const module: NewsModule = {
    ingest,
    sweep,
    async stop() {
      await ingest.stop();
      clock.dispose();
    },
  };
  http.addHook('onClose', () => module.stop());
  modules.set(http, module);
  return module;
}

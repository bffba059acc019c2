import type { HealthReady } from '@tapeline/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { createHealth } from '../../platform/health.ts';
import { publicRoute, route } from '../../platform/http/route.ts';

/** What readiness asks of the market: the engine this node reads, wherever it runs. */
interface EngineStatusSource {
  query(query: { kind: 'status' }, timeoutMs?: number): Promise<string>;
}

/**
 * `GET /api/health/live` (the process answers) and `GET /api/health/ready` (503 unless the
 * database, Redis when configured, the engine and its feed, and mail are all ok) for load
 * balancers and orchestrators; docs/operations.md "Health".
 */
export function healthRoutes(app: FastifyInstance, ctx: AppContext, engine: EngineStatusSource): void {
  const { redis, config } = ctx;
  const feed = config.marketFeed.kind;
  const health = createHealth({
    clock: ctx.clock,
    log: ctx.log.child({ module: 'health' }),
    database: () => ctx.database.db.execute(sql`select 1`),
    // A connection the watch knows is down answers at once, rather than a ping waiting in
    // ioredis's offline queue until the check's timeout.
    redis: redis
      ? () => (ctx.redisWatch.ready() ? redis.ping() : Promise.reject(new Error('redis connection down')))
      : undefined,
    engine: feed === 'off' ? undefined : engine,
    watchFeed: feed === 'feed' || feed === 'remote',
    mail: () => ctx.mailer.verify(),
  });
  route(app, { method: 'GET', url: '/api/health/live', guard: publicRoute }, async () => ({
    ok: true as const,
  }));
  route(
    app,
    { method: 'GET', url: '/api/health/ready', guard: publicRoute },
    async ({ reply }): Promise<HealthReady> => {
      const answer = await health.ready();
      reply.header('cache-control', 'no-store');
      if (!answer.ready) reply.code(503);
      return answer;
    },
  );
}

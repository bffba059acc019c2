import type { ConfigResponse, MarketStatus } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { publicRoute, route } from '../../platform/http/route.ts';
import { publicConfig } from './publicConfig.ts';

/** What the browser needs to know before sign-in, and a health probe for load balancers. */
export function systemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  market: () => MarketStatus | null = () => null,
): void {
  route(
    app,
    { method: 'GET', url: '/api/config', guard: publicRoute },
    async (): Promise<ConfigResponse> => publicConfig(ctx.config, market()),
  );
  route(app, { method: 'GET', url: '/api/health', guard: publicRoute }, async () => ({
    ok: true,
    database: ctx.database.driver,
  }));
}

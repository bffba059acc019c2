import { type ConfigResponse, DEFAULT_HELP_URL, DEFAULT_VOICE_HOST } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import { feedKindOf } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import { publicRoute, route } from '../../platform/http/route.ts';

/** What the browser needs to know before sign-in, and a health probe for load balancers. */
export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    { method: 'GET', url: '/api/config', guard: publicRoute },
    async (): Promise<ConfigResponse> => ({
      google_client_id: ctx.config.googleClientId ?? null,
      billing: 'test',
      simulated: feedKindOf(ctx.config.marketFeed) === 'simulator',
      symbolIconUrl: ctx.config.symbolIconUrl ?? null,
      voiceHost: ctx.config.voiceHost ?? DEFAULT_VOICE_HOST,
      helpUrl: ctx.config.helpUrl ?? DEFAULT_HELP_URL,
    }),
  );
  route(app, { method: 'GET', url: '/api/health', guard: publicRoute }, async () => ({
    ok: true,
    database: ctx.database.driver,
  }));
}

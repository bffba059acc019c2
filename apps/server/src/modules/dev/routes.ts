import { type DevMail, messages } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { publicRoute, route } from '../../platform/http/route.ts';
import { isLoopbackClient } from './loopbackOnly.ts';
import { listOutbox } from './outbox.ts';

/**
 * Test aids, mounted only when DEV_ROUTES=true (never in production) and answering only
 * loopback clients: the dev outbox (what would have been mailed, newest first — it holds
 * everyone's sign-in links, so it is never reachable from the network).
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.devRoutes || ctx.config.env === 'production') return;
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (!isLoopbackClient(request)) throw new HttpError(404, 'not_found', messages.notFound);
    });
    // Public within the scope: the loopback hook above is its fence.
    route(
      scope,
      { method: 'GET', url: '/api/dev/mail', guard: publicRoute },
      async (): Promise<{ data: DevMail[] }> => ({ data: await listOutbox(ctx.database.db, 100) }),
    );
  });
}

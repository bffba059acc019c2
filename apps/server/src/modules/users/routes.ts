import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { listUsernames } from './listUsernames.ts';

/**
 * GET /api/users: the usernames list behind chat mentions and user search. Chat is a dashboard
 * feature, so this is for subscribers like the rest of the dashboard (spec §6).
 */
export function usersRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.get('/api/users', async (request) => {
    await guards.requireSubscriber(request);
    return listUsernames(ctx.database.db);
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import { listUsernames } from './listUsernames.ts';

/**
 * GET /api/users: the usernames list behind chat mentions and user search. Chat is a dashboard
 * feature, so this is for subscribers like the rest of the dashboard (spec §6).
 */
export function usersRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  route(app, { method: 'GET', url: '/api/users', guard: guards.subscriber }, async () =>
    listUsernames(ctx.database.db),
  );
}

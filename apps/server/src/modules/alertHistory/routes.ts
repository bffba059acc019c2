import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { createAlertHistoryRepository } from './repository.ts';

/** The Alerts widget's history list and its 'clear' link: dashboard users (subscribers). */
export function alertHistoryRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const history = createAlertHistoryRepository(ctx.database.db);

  app.get('/api/alert_history', async (request) => {
    const { user } = await guards.requireSubscriber(request);
    return history.list(user.id);
  });

  app.delete('/api/alert_history', async (request) => {
    const { user } = await guards.requireSubscriber(request);
    await history.clear(user.id);
    return { success: true };
  });
}

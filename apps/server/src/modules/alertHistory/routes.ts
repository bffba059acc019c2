import { alertHistoryResponseSchema } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import type { V1Routes } from '../apiV1/v1Routes.ts';
import { createAlertHistoryRepository } from './repository.ts';

/** The Alerts widget's history list and its 'clear' link: dashboard users (subscribers). */
export function alertHistoryRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  v1?: V1Routes,
): void {
  const history = createAlertHistoryRepository(ctx.database.db);

  route(
    app,
    {
      method: 'GET',
      url: '/api/alert_history',
      guard: guards.subscriber,
      response: alertHistoryResponseSchema,
    },
    async ({ principal }) => history.list(principal.user.id),
  );

  route(
    app,
    { method: 'DELETE', url: '/api/alert_history', guard: guards.subscriber },
    async ({ principal }) => {
      await history.clear(principal.user.id);
      return { success: true };
    },
  );

  v1?.route('getAlertHistory', async ({ principal }) => history.list(principal.user.id));
}

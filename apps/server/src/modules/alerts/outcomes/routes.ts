import { ALERT_OUTCOMES_PATH, alertOutcomesResponseSchema } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Guards } from '../../../platform/http/guards.ts';
import { route } from '../../../platform/http/route.ts';
import { listOutcomes } from './listOutcomes.ts';

/** The outcome ledger's figures for Notifications: subscribers, their own fires only. */
export function outcomeRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  route(
    app,
    {
      method: 'GET',
      url: ALERT_OUTCOMES_PATH,
      guard: guards.subscriber,
      response: alertOutcomesResponseSchema,
    },
    async ({ principal }) => listOutcomes(ctx.database.db, principal.user.id),
  );
}

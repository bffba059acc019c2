import {
  webhookDeliveriesAnswerSchema,
  webhookSecretAnswerSchema,
  webhookTestAnswerSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Guards } from '../../../platform/http/guards.ts';
import { route } from '../../../platform/http/route.ts';
import type { AlertRouteDeps } from '../rules/routes.ts';
import { listWebhookDeliveries } from './listDeliveries.ts';
import { rotateWebhookSecret } from './rotateSecret.ts';
import { sendTestWebhooks } from './sendTestWebhooks.ts';

export interface WebhookRouteDeps {
  /** The node's delivery worker: test deliveries go out now rather than at its next poll. */
  kickDeliveries?: () => void;
}

/**
 * The Webhook modal's calls besides saving the URLs (rules/): the delivery log, a new signing
 * secret, and a test POST to every URL. Subscribers only, like the rest of the alert settings.
 */
export function webhookRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  deps: AlertRouteDeps & WebhookRouteDeps,
): void {
  const { db } = ctx.database;

  route(
    app,
    {
      method: 'GET',
      url: '/api/alerts/webhook/deliveries',
      guard: guards.subscriber,
      response: webhookDeliveriesAnswerSchema,
    },
    async ({ principal }) => listWebhookDeliveries(db, principal.user.id),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/alerts/webhook/secret',
      guard: guards.subscriber,
      response: webhookSecretAnswerSchema,
    },
    async ({ principal }) => rotateWebhookSecret(db, principal.user.id, new Date(ctx.clock.now())),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/alerts/webhook/test',
      guard: guards.subscriber,
      response: webhookTestAnswerSchema,
      // Each click POSTs to every URL the trader names: a few a minute is plenty for a check.
      afterGuard: (principal) => ctx.limiter.consume('webhookTestUser', principal.user.id),
    },
    async ({ principal }) => {
      const answer = await sendTestWebhooks(db, principal.user.id, new Date(ctx.clock.now()));
      if (answer.queued > 0) deps.kickDeliveries?.();
      return answer;
    },
  );
}

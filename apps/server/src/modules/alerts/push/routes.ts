import {
  deviceAnswerSchema,
  deviceParamsSchema,
  deviceRequestSchema,
  pushKeyAnswerSchema,
  pushMessages,
  SPN_GONE_ERROR,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Guards } from '../../../platform/http/guards.ts';
import { route } from '../../../platform/http/route.ts';
import { input } from '../../../platform/http/validate.ts';
import type { AlertRouteDeps } from '../rules/routes.ts';
import { createPushDevices } from './devices.ts';
import { registerDevice } from './registerDevice.ts';
import { vapidKeysOf } from './vapidKeys.ts';

/**
 * Web push (docs/alerts.md "Web push"): the key browsers subscribe with, device registration
 * (§7), and Safari's legacy permission call, which standard Web Push replaced.
 */
export function pushRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  _deps: AlertRouteDeps,
): void {
  const devices = createPushDevices(ctx.database.db);
  // Loaded (or generated) now, so a broken key file is in the log at start, not at the first alert.
  vapidKeysOf(ctx.config).catch((error: Error) => ctx.log.error({ err: error }, 'VAPID keys unavailable'));

  route(
    app,
    { method: 'GET', url: '/api/alerts/push/key', guard: guards.subscriber, response: pushKeyAnswerSchema },
    async () => ({ publicKey: (await vapidKeysOf(ctx.config)).publicKey }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/alerts/device/:id',
      guard: guards.subscriber,
      params: input(deviceParamsSchema),
      body: input(deviceRequestSchema, 'bad_request', pushMessages.invalidSubscription),
      response: deviceAnswerSchema,
    },
    async ({ principal, params, body }) => {
      await registerDevice(
        principal.user.id,
        { kind: params.id, registrationId: body.registration_id, endpoint: body.endpoint },
        { devices, allowInsecure: ctx.config.push.allowInsecure, now: () => new Date(ctx.clock.now()) },
      );
      return { success: true as const };
    },
  );

  route(app, { method: 'POST', url: '/api/spn', guard: guards.subscriber }, async () => {
    throw new HttpError(410, SPN_GONE_ERROR, pushMessages.spnGone);
  });
}

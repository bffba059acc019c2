import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Guards } from '../../../platform/http/guards.ts';
import type { AlertRouteDeps } from '../rules/routes.ts';

export function webhookRoutes(
  _app: FastifyInstance,
  _ctx: AppContext,
  _guards: Guards,
  _deps: AlertRouteDeps,
): void {}

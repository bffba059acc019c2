import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Guards } from '../../../platform/http/guards.ts';
import type { MarketModule } from '../../market/marketModule.ts';
import type { RuleChanges } from '../rules/ruleChanges.ts';

export interface AlertRouteDeps {
  market: MarketModule;
  ruleChanges: RuleChanges;
}

export function alertRulesRoutes(
  _app: FastifyInstance,
  _ctx: AppContext,
  _guards: Guards,
  _deps: AlertRouteDeps,
): void {}

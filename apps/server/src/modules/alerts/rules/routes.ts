import {
  alertDeleteAnswerSchema,
  alertIdParamsSchema,
  alertListAnswerSchema,
  alertsAnswerSchema,
  createAlertRequestSchema,
  filterMessages,
  haltToggleAnswerSchema,
  haltToggleRequestSchema,
  messages,
  saveFilteredAlertsRequestSchema,
  saveWebhookRequestSchema,
  serverMessages,
  updateAlertRequestSchema,
  validateFilteredAlertAnswerSchema,
  validateFilteredAlertRequestSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { Guards } from '../../../platform/http/guards.ts';
import { route } from '../../../platform/http/route.ts';
import type { Input } from '../../../platform/http/validate.ts';
import type { V1Routes } from '../../apiV1/v1Routes.ts';
import type { MarketModule } from '../../market/marketModule.ts';
import { type SymbolUniverse, unknownUniverse } from '../../settings/symbolUniverse.ts';
import { checkWebhookTarget } from '../webhooks/webhookTarget.ts';
import { createAlert } from './createAlert.ts';
import { deleteAlert } from './deleteAlert.ts';
import type { RulesDeps } from './deps.ts';
import { listAlerts } from './listAlerts.ts';
import { createAlertRulesRepository } from './repository.ts';
import type { RuleChanges } from './ruleChanges.ts';
import { saveFilteredAlerts } from './saveFilteredAlerts.ts';
import { saveWebhooks } from './saveWebhooks.ts';
import { toggleHalt } from './toggleHalt.ts';
import { updateAlert } from './updateAlert.ts';
import { validateFilteredAlert } from './validateFilteredAlert.ts';

export interface AlertRouteDeps {
  market: MarketModule;
  ruleChanges: RuleChanges;
  /** The market's listed symbols (app.ts's one universe); without it only the pattern is checked. */
  universe?: SymbolUniverse;
  /** The traders' API (modules/apiV1): the same actions under /api/v1 with a personal key. */
  v1?: V1Routes;
}

/**
 * An alert body's 400 names the first problem: the refinements' own wording (core's), else
 * where the body is wrong and how.
 */
function alertBody<T>(schema: z.ZodType<T>, what: string): Input<T> {
  return {
    schema,
    code: 'bad_request',
    message: (issue) =>
      issue?.code === 'custom'
        ? issue.message
        : serverMessages.settingsInvalid(what, issue?.path ?? [], issue?.message ?? 'unexpected shape'),
  };
}

/** A filtered-alert body: the §5 wording where the schema already catches the problem. */
function filterBody<T>(schema: z.ZodType<T>): Input<T> {
  return {
    schema,
    code: 'invalid_filter',
    message: (issue) => {
      const path = issue?.path ?? [];
      const missing = issue?.code === 'invalid_type' || issue?.code === 'too_small';
      if (missing && path.at(-1) === 'name') return filterMessages.nameRequired;
      if (missing && path.includes('sector')) return filterMessages.sectorRequired;
      if (missing && path.includes('timeframe')) return filterMessages.timeframeRequired;
      return serverMessages.settingsInvalid('Filtered alert', path, issue?.message ?? 'unexpected shape');
    },
  };
}

const ID: Input<{ id: number }> = {
  schema: alertIdParamsSchema,
  code: 'bad_request',
  message: messages.malformedRequest,
};

/**
 * The rule calls of dashboard spec §7 (docs/alerts.md, "API"). Subscribers only; uVol, VWAP and
 * price rules need Pro (checked by the actions, per type), filtered alerts Pro Plus (the guard).
 * Every change tells `ruleChanges`, which brings the evaluator the trader's new rule set.
 */
export function alertRulesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  deps: AlertRouteDeps,
): void {
  const rules: RulesDeps = {
    rules: createAlertRulesRepository(ctx.database.db),
    ruleChanges: deps.ruleChanges,
    universe: deps.universe ?? unknownUniverse,
    engine: deps.market.source,
    clock: ctx.clock,
    webhookTarget: (url) => checkWebhookTarget(url, { allowPrivate: ctx.config.webhookAllowPrivate }),
  };

  route(
    app,
    { method: 'GET', url: '/api/alerts', guard: guards.subscriber, response: alertsAnswerSchema },
    async ({ principal }) => listAlerts(rules, principal),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/alerts',
      guard: guards.subscriber,
      body: alertBody(createAlertRequestSchema, 'Alert'),
      response: alertListAnswerSchema,
    },
    async ({ principal, body }) => createAlert(rules, principal, body),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/alerts/:id',
      guard: guards.subscriber,
      params: ID,
      body: alertBody(updateAlertRequestSchema, 'Alert'),
      response: alertListAnswerSchema,
    },
    async ({ principal, params, body }) => updateAlert(rules, principal, params.id, body),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/alerts/:id',
      guard: guards.subscriber,
      params: ID,
      response: alertDeleteAnswerSchema,
    },
    async ({ principal, params }) => deleteAlert(rules, principal, params.id),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/alerts/halt',
      guard: guards.subscriber,
      body: alertBody(haltToggleRequestSchema, 'Halt alert'),
      response: haltToggleAnswerSchema,
    },
    async ({ principal, body }) => toggleHalt(rules, principal, body.type),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/alerts/filtered-alerts',
      guard: guards.tier('proplus'),
      body: filterBody(saveFilteredAlertsRequestSchema),
    },
    async ({ principal, body }) => saveFilteredAlerts(rules, principal, body.filtered_alerts),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/alerts/filtered-alert/validate',
      guard: guards.tier('proplus'),
      body: filterBody(validateFilteredAlertRequestSchema),
      response: validateFilteredAlertAnswerSchema,
    },
    async ({ principal, body }) => validateFilteredAlert(rules, principal, body.content),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/alerts/webhook',
      guard: guards.subscriber,
      body: alertBody(saveWebhookRequestSchema, 'Alert webhook'),
    },
    async ({ principal, body }) => saveWebhooks(rules, principal, body.alert_webhook),
  );

  // The same actions for bots (core V1_OPERATIONS: scopes alerts:read / alerts:write).
  const v1 = deps.v1;
  if (!v1) return;
  v1.route('listAlerts', async ({ principal }) => listAlerts(rules, principal));
  v1.route('createAlert', async ({ principal, body }) => createAlert(rules, principal, body));
  v1.route('updateAlert', async ({ principal, params, body }) =>
    updateAlert(rules, principal, params.id, body),
  );
  v1.route('deleteAlert', async ({ principal, params }) => deleteAlert(rules, principal, params.id));
  v1.route('saveFilteredAlerts', async ({ principal, body }) =>
    saveFilteredAlerts(rules, principal, body.filtered_alerts),
  );
}

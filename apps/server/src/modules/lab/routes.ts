import {
  backtestJobParamsSchema,
  backtestJobSchema,
  backtestRequestSchema,
  LAB_ROUTES,
  recordedSessionsAnswerSchema,
  serverMessages,
  sessionBarsParamsSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
import type { V1Routes } from '../apiV1/v1Routes.ts';
import type { BacktestDeps } from './startBacktest.ts';
import { startBacktest } from './startBacktest.ts';

export interface LabRouteDeps extends BacktestDeps {
  bars: { read(date: string, symbol: string, fresh: boolean): Promise<string> };
  v1?: V1Routes;
}

const BODY = {
  schema: backtestRequestSchema,
  code: 'bad_request',
  message: (issue: { code?: string; message?: string; path?: PropertyKey[] } | undefined) =>
    issue?.code === 'custom'
      ? (issue.message ?? '')
      : serverMessages.settingsInvalid('Backtest', issue?.path ?? [], issue?.message ?? 'unexpected shape'),
};

/**
 * The Alert lab (docs/alerts.md "Alert lab"): backtests for subscribers, each rule's own tier
 * checked by the action (filtered alerts and smart filters Pro Plus); the recorded sessions and a
 * symbol's bars of one, for the chart.
 */
export function labRoutes(app: FastifyInstance, guards: Guards, deps: LabRouteDeps): void {
  route(
    app,
    {
      method: 'POST',
      url: LAB_ROUTES.backtest,
      guard: guards.subscriber,
      body: BODY,
      response: backtestJobSchema,
    },
    async ({ principal, body, reply }) => {
      const { status, job } = await startBacktest(deps, principal, body);
      return reply.code(status).send(job);
    },
  );
  const job = input(backtestJobParamsSchema);
  route(
    app,
    {
      method: 'GET',
      url: LAB_ROUTES.backtestJob,
      guard: guards.subscriber,
      params: job,
      response: backtestJobSchema,
    },
    async ({ principal, params }) => deps.jobs.get(principal.user.id, params.id),
  );
  route(
    app,
    {
      method: 'DELETE',
      url: LAB_ROUTES.backtestJob,
      guard: guards.subscriber,
      params: job,
      response: backtestJobSchema,
    },
    async ({ principal, params }) => deps.jobs.cancel(principal.user.id, params.id),
  );
  route(
    app,
    {
      method: 'GET',
      url: LAB_ROUTES.sessions,
      guard: guards.subscriber,
      response: recordedSessionsAnswerSchema,
    },
    async () => ({ sessions: deps.files.list() }),
  );
  route(
    app,
    {
      method: 'GET',
      url: LAB_ROUTES.sessionBars,
      guard: guards.subscriber,
      params: input(sessionBarsParamsSchema),
    },
    async ({ params, reply }) => {
      // Today's session still grows: read it afresh; a finished one may come from the thread's cache.
      const fresh = deps.files.readMeta(params.date)?.complete !== true;
      const json = await deps.bars.read(params.date, params.symbol, fresh);
      return reply.type('application/json').send(json);
    },
  );

  const v1 = deps.v1;
  if (!v1) return;
  v1.route('startBacktest', async ({ principal, body, reply }) => {
    const { status, job: answer } = await startBacktest(deps, principal, body);
    return reply.code(status).send(answer);
  });
  v1.route('getBacktest', async ({ principal, params }) => deps.jobs.get(principal.user.id, params.id));
  v1.route('cancelBacktest', async ({ principal, params }) => deps.jobs.cancel(principal.user.id, params.id));
}

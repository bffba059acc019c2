import type { z } from 'zod';
import { backtestJobParamsSchema, backtestJobSchema, backtestRequestSchema } from './alertLab.ts';
import {
  alertDeleteAnswerSchema,
  alertIdParamsSchema,
  alertListAnswerSchema,
  alertsAnswerSchema,
  createAlertRequestSchema,
  saveFilteredAlertsRequestSchema,
  updateAlertRequestSchema,
} from './alerts.ts';
import type { ApiKeyScope } from './apiKeys.ts';
import { newsAnswerSchema, newsQuerySchema } from './news.ts';
import {
  quoteListSchema,
  sparklineAnswerSchema,
  sparklineParamsSchema,
  successAnswerSchema,
} from './quotes.ts';
import { alertHistoryResponseSchema } from './settings.ts';
import { streamRecentQuerySchema } from './streamRecent.ts';
import {
  API_V1_PREFIX,
  v1DiscoveryAnswerSchema,
  v1DiscoveryFilterRequestSchema,
  v1MeSchema,
  v1StreamRecentAnswerSchema,
  v1TimeframeParamsSchema,
} from './v1.ts';

/** What the key's user must have besides the scope: the same rules as the browser's routes. */
export type V1Requirement = 'any' | 'subscriber' | 'pro' | 'proplus';

/**
 * One REST v1 operation: the server registers its handler by `id` and the OpenAPI document is
 * generated from the same entry, so neither can name a path or a shape the other does not.
 */
export interface V1Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI template (`/api/v1/alerts/{id}`); the server turns `{id}` into `:id`. */
  path: string;
  /** Null: any live key (GET /me). */
  scope: ApiKeyScope | null;
  requires: V1Requirement;
  summary: string;
  tag: 'account' | 'market' | 'alerts';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

const p = (path: string) => `${API_V1_PREFIX}${path}`;

export const V1_OPERATIONS = {
  getMe: {
    method: 'GET',
    path: p('/me'),
    scope: null,
    requires: 'any',
    tag: 'account',
    summary: 'Who the key acts as: user, tier and scopes',
    response: v1MeSchema,
  },
  getDiscovery: {
    method: 'GET',
    path: p('/discovery/{tf}'),
    scope: 'market:read',
    requires: 'pro',
    tag: 'market',
    summary: "Discovery rows of one timeframe; columns the user's plan does not open are left out",
    params: v1TimeframeParamsSchema,
    response: v1DiscoveryAnswerSchema,
  },
  filterDiscovery: {
    method: 'POST',
    path: p('/discovery/{tf}/filter'),
    scope: 'market:read',
    requires: 'pro',
    tag: 'market',
    summary: 'Discovery rows of one timeframe that pass a smart filter (the Discovery table filter)',
    params: v1TimeframeParamsSchema,
    body: v1DiscoveryFilterRequestSchema,
    response: v1DiscoveryAnswerSchema,
  },
  getRecentStream: {
    method: 'GET',
    path: p('/stream/recent'),
    scope: 'market:read',
    requires: 'subscriber',
    tag: 'market',
    summary: "The day's newest highs, lows and halts of a channel (ranges, sectors or symbols)",
    query: streamRecentQuerySchema,
    response: v1StreamRecentAnswerSchema,
  },
  listQuotes: {
    method: 'GET',
    path: p('/quotes'),
    scope: 'market:read',
    requires: 'subscriber',
    tag: 'market',
    summary: "The user's favourite quotes with their live figures",
    response: quoteListSchema,
  },
  getSparklines: {
    method: 'GET',
    path: p('/sparklines/{symbols}'),
    scope: 'market:read',
    requires: 'subscriber',
    tag: 'market',
    summary: "Today's sparklines of up to 75 symbols, comma-separated",
    params: sparklineParamsSchema,
    response: sparklineAnswerSchema,
  },
  listNews: {
    method: 'GET',
    path: p('/news'),
    scope: 'market:read',
    requires: 'subscriber',
    tag: 'market',
    summary: "News, newest first; page with the last article's `last_id` and `publishedAt`",
    query: newsQuerySchema,
    response: newsAnswerSchema,
  },
  listAlerts: {
    method: 'GET',
    path: p('/alerts'),
    scope: 'alerts:read',
    requires: 'subscriber',
    tag: 'alerts',
    summary: 'Alert rules, filtered alerts and the webhook setting',
    response: alertsAnswerSchema,
  },
  createAlert: {
    method: 'POST',
    path: p('/alerts'),
    scope: 'alerts:write',
    requires: 'subscriber',
    tag: 'alerts',
    summary: 'Adds an alert rule (uVol, VWAP and price rules need Pro, as in the browser)',
    body: createAlertRequestSchema,
    response: alertListAnswerSchema,
  },
  updateAlert: {
    method: 'PUT',
    path: p('/alerts/{id}'),
    scope: 'alerts:write',
    requires: 'subscriber',
    tag: 'alerts',
    summary: 'Changes an alert rule',
    params: alertIdParamsSchema,
    body: updateAlertRequestSchema,
    response: alertListAnswerSchema,
  },
  deleteAlert: {
    method: 'DELETE',
    path: p('/alerts/{id}'),
    scope: 'alerts:write',
    requires: 'subscriber',
    tag: 'alerts',
    summary: 'Deletes an alert rule',
    params: alertIdParamsSchema,
    response: alertDeleteAnswerSchema,
  },
  saveFilteredAlerts: {
    method: 'PUT',
    path: p('/filtered-alerts'),
    scope: 'alerts:write',
    requires: 'proplus',
    tag: 'alerts',
    summary: 'Replaces the filtered alerts (Pro Plus)',
    body: saveFilteredAlertsRequestSchema,
    response: successAnswerSchema,
  },
  getAlertHistory: {
    method: 'GET',
    path: p('/alert-history'),
    scope: 'alerts:read',
    requires: 'subscriber',
    tag: 'alerts',
    summary: 'Fired alerts, newest first (at most 200)',
    response: alertHistoryResponseSchema,
  },
  startBacktest: {
    method: 'POST',
    path: p('/alerts/backtest'),
    scope: 'alerts:read',
    requires: 'subscriber',
    tag: 'alerts',
    summary:
      "Backtests a rule over the newest 1, 5, 20 or 30 recorded sessions (the rule's own tier: filtered alerts and smart filters need Pro Plus); 202 with the running job, 200 when answered from the cache",
    body: backtestRequestSchema,
    response: backtestJobSchema,
  },
  getBacktest: {
    method: 'GET',
    path: p('/alerts/backtest/{id}'),
    scope: 'alerts:read',
    requires: 'subscriber',
    tag: 'alerts',
    summary: "A backtest's state, progress and, once done, its result",
    params: backtestJobParamsSchema,
    response: backtestJobSchema,
  },
  cancelBacktest: {
    method: 'DELETE',
    path: p('/alerts/backtest/{id}'),
    scope: 'alerts:read',
    requires: 'subscriber',
    tag: 'alerts',
    summary: 'Cancels a running backtest',
    params: backtestJobParamsSchema,
    response: backtestJobSchema,
  },
} as const satisfies Record<string, V1Operation>;

export type V1OperationId = keyof typeof V1_OPERATIONS;

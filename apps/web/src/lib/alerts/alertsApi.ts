import {
  type AlertWebhook,
  alertDeleteAnswerSchema,
  alertListAnswerSchema,
  alertsAnswerSchema,
  type CreateAlertRequest,
  type FilteredAlert,
  haltToggleAnswerSchema,
  successResponseSchema,
  type UpdateAlertRequest,
  validateFilteredAlertAnswerSchema,
  type validateFilteredAlertRequestSchema,
  webhookDeliveriesAnswerSchema,
  webhookSecretAnswerSchema,
  webhookTestAnswerSchema,
} from '@tapeline/core';
import type { z } from 'zod';
import { api } from '../authApi.ts';

export const ALERTS_PATHS = {
  all: '/api/alerts',
  one: (id: number) => `/api/alerts/${id}`,
  halt: '/api/alerts/halt',
  filtered: '/api/alerts/filtered-alerts',
  validate: '/api/alerts/filtered-alert/validate',
  webhook: '/api/alerts/webhook',
  deliveries: '/api/alerts/webhook/deliveries',
  secret: '/api/alerts/webhook/secret',
  test: '/api/alerts/webhook/test',
} as const;

export type ValidateContent = z.input<typeof validateFilteredAlertRequestSchema>['content'];

/** Spec §7 alert calls (through the app's client: 5 s timeout, 401 logs out). */
export const alertsApi = {
  list: () => api.request('GET', ALERTS_PATHS.all, alertsAnswerSchema),
  create: (body: CreateAlertRequest) => api.request('POST', ALERTS_PATHS.all, alertListAnswerSchema, body),
  update: (id: number, body: UpdateAlertRequest) =>
    api.request('PUT', ALERTS_PATHS.one(id), alertListAnswerSchema, body),
  remove: (id: number) => api.request('DELETE', ALERTS_PATHS.one(id), alertDeleteAnswerSchema),
  halt: (type: 'enabled' | 'disabled') =>
    api.request('POST', ALERTS_PATHS.halt, haltToggleAnswerSchema, { type }),
  /** The whole list: the server keeps exactly what it is sent. */
  saveFiltered: (filtered_alerts: FilteredAlert[]) =>
    api.request('POST', ALERTS_PATHS.filtered, successResponseSchema, { filtered_alerts }),
  validate: (content: ValidateContent) =>
    api.request('POST', ALERTS_PATHS.validate, validateFilteredAlertAnswerSchema, { content }),
  saveWebhook: (alert_webhook: AlertWebhook) =>
    api.request('POST', ALERTS_PATHS.webhook, successResponseSchema, { alert_webhook }),
  deliveries: () => api.request('GET', ALERTS_PATHS.deliveries, webhookDeliveriesAnswerSchema),
  rotateSecret: () => api.request('POST', ALERTS_PATHS.secret, webhookSecretAnswerSchema),
  testWebhooks: () => api.request('POST', ALERTS_PATHS.test, webhookTestAnswerSchema),
};

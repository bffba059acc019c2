import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlertRule,
  type AlertsAnswer,
  type AlertWebhook,
  FILTERED_LIMIT_ERROR,
  type FilteredAlert,
  type UpdateAlertRequest,
} from '@tapeline/core';
import { failureOf } from '../api.ts';
import { alertsApi } from './alertsApi.ts';

export const ALERTS_KEY = ['alerts'] as const;
export const WEBHOOK_DELIVERIES_KEY = ['webhookDeliveries'] as const;
/** The error code of a webhook URL the server refuses (core has no constant for it). */
const WEBHOOK_INVALID_ERROR = 'invalid_webhook';

/** GET /api/alerts: the rules, the filtered alerts, the webhook URLs and signing secret. */
export function useAlerts() {
  return useQuery({ queryKey: ALERTS_KEY, queryFn: alertsApi.list });
}

/** Every write answers what it changed; the cache takes it so the tab shows it without a re-read. */
function useAlertsCache() {
  const client = useQueryClient();
  return (change: (answer: AlertsAnswer) => AlertsAnswer) =>
    client.setQueryData<AlertsAnswer>(ALERTS_KEY, (answer) => (answer ? change(answer) : answer));
}

const withRules = (alerts: AlertRule[]) => (answer: AlertsAnswer) => ({ ...answer, alerts });

export function useCreateAlert() {
  const cache = useAlertsCache();
  return useMutation({
    mutationFn: alertsApi.create,
    onSuccess: (answer) => cache(withRules(answer.data.list)),
  });
}

export function useUpdateAlert() {
  const cache = useAlertsCache();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAlertRequest }) => alertsApi.update(id, body),
    onSuccess: (answer) => cache(withRules(answer.data.list)),
  });
}

export function useDeleteAlert() {
  const cache = useAlertsCache();
  return useMutation({
    mutationFn: (id: number) => alertsApi.remove(id),
    onSuccess: (answer) => cache(withRules(answer.data)),
  });
}

/** POST /api/alerts/halt: the answer is the new halt rule, or null once it is removed. */
export function useHaltToggle() {
  const cache = useAlertsCache();
  return useMutation({
    mutationFn: alertsApi.halt,
    onSuccess: ({ data }) =>
      cache((answer) => ({
        ...answer,
        alerts: [...answer.alerts.filter((r) => r.type !== 'halt'), ...(data ? [data] : [])],
      })),
  });
}

export function useSaveFilteredAlerts() {
  const cache = useAlertsCache();
  return useMutation({
    mutationFn: (list: FilteredAlert[]) => alertsApi.saveFiltered(list),
    onSuccess: (_answer, list) => cache((answer) => ({ ...answer, filtered_alerts: list })),
  });
}

export function useValidateFilteredAlert() {
  return useMutation({ mutationFn: alertsApi.validate });
}

export function useSaveWebhook() {
  const cache = useAlertsCache();
  return useMutation({
    mutationFn: (webhook: AlertWebhook) => alertsApi.saveWebhook(webhook),
    onSuccess: (_answer, alert_webhook) => cache((answer) => ({ ...answer, alert_webhook })),
  });
}

export function useRotateWebhookSecret() {
  const cache = useAlertsCache();
  return useMutation({
    mutationFn: alertsApi.rotateSecret,
    onSuccess: ({ webhook_secret }) => cache((answer) => ({ ...answer, webhook_secret })),
  });
}

/** How often the log is read again while a delivery in it is still pending. */
export const PENDING_DELIVERIES_REFRESH_MS = 2000;

/**
 * The last deliveries to the user's webhooks, read while the Webhook modal is open, and again
 * every 2 s while one is pending (a test just sent, a retry due), so its outcome shows up.
 */
export function useWebhookDeliveries(enabled: boolean) {
  return useQuery({
    queryKey: WEBHOOK_DELIVERIES_KEY,
    queryFn: alertsApi.deliveries,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending')
        ? PENDING_DELIVERIES_REFRESH_MS
        : false,
  });
}

/** A unique-constraint answer: the rule exists already (spec §8 'already registered'). */
export function isConflict(error: unknown): boolean {
  const failure = failureOf(error);
  return failure.kind === 'api' && failure.status === 409;
}

/** A cap is reached: the filtered alerts' (spec §7 `limit_exceeded`), or the rules'. */
export function isLimitExceeded(error: unknown): boolean {
  const failure = failureOf(error);
  return failure.kind === 'api' && failure.code === FILTERED_LIMIT_ERROR;
}

/** The server found a webhook URL's host private when it looked it up (its DNS check at save). */
export function isInvalidWebhook(error: unknown): boolean {
  const failure = failureOf(error);
  return failure.kind === 'api' && failure.code === WEBHOOK_INVALID_ERROR;
}

/** POST /api/alerts/webhook/test: one sample delivery per URL set; the log then shows them. */
export function useSendTestWebhooks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: alertsApi.testWebhooks,
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOK_DELIVERIES_KEY }),
  });
}

import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_HISTORY_MAX,
  type AlertHistoryItem,
  alertHistoryResponseSchema,
  successResponseSchema,
} from '@tapeline/core';
import { api } from '../authApi.ts';

/** Spec §4: the alert history refreshes every 180 s. */
export const ALERT_HISTORY_REFRESH_MS = 180_000;

export const ALERT_HISTORY_KEY = ['alertHistory'] as const;
const KEY = ALERT_HISTORY_KEY;

export const alertHistoryApi = {
  list: () => api.request('GET', '/api/alert_history', alertHistoryResponseSchema),
  clear: () => api.request('DELETE', '/api/alert_history', successResponseSchema),
};

export function useAlertHistory() {
  return useQuery({
    queryKey: KEY,
    queryFn: alertHistoryApi.list,
    refetchInterval: ALERT_HISTORY_REFRESH_MS,
    staleTime: ALERT_HISTORY_REFRESH_MS,
  });
}

/** Clears on the server, then empties the list at once rather than waiting for the next refresh. */
export function useClearAlertHistory(callbacks: { onSuccess(): void; onError(): void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: alertHistoryApi.clear,
    onSuccess: () => {
      client.setQueryData<AlertHistoryItem[]>(KEY, []);
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}

/**
 * A live alert joins the top of the list at once (the server has written it to the history
 * too, so the next refresh agrees). Nothing to do until the list has been read once.
 */
export function prependAlertHistory(client: QueryClient, item: AlertHistoryItem): void {
  client.setQueryData<AlertHistoryItem[]>(KEY, (items) =>
    items ? [item, ...items].slice(0, ALERT_HISTORY_MAX) : items,
  );
}

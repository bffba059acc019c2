import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AlertHistoryItem, alertHistoryResponseSchema, successResponseSchema } from '@tapeline/core';
import { api } from '../../lib/authApi.ts';

/** Spec §4: the alert history refreshes every 180 s. */
export const ALERT_HISTORY_REFRESH_MS = 180_000;

/** Spec §8, word for word. */
export const ALERT_HISTORY_TOASTS = {
  cleared: 'Alert history has been cleared',
  clearFailed: 'Failed to clear alert history',
} as const;

const KEY = ['alertHistory'] as const;

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

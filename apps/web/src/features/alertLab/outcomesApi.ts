import { useQuery } from '@tanstack/react-query';
import { ALERT_OUTCOMES_PATH, alertOutcomesResponseSchema } from '@tapeline/core';
import { api } from '../../lib/authApi.ts';

/** The ledger's figures change at most once a minute (the server's sweep). */
const OUTCOMES_STALE_MS = 60_000;

export function useAlertOutcomes() {
  return useQuery({
    queryKey: ['alertOutcomes'],
    queryFn: () => api.request('GET', ALERT_OUTCOMES_PATH, alertOutcomesResponseSchema),
    staleTime: OUTCOMES_STALE_MS,
  });
}

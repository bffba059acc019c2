import { useQuery } from '@tanstack/react-query';
import { POPULAR_MAX, popularListSchema } from '@tapeline/core';
import { z } from 'zod';
import { api } from './authApi.ts';

/** Spec §4: the Popular list refreshes every 180 s. */
export const POPULAR_REFRESH_MS = 180_000;

export const popularApi = {
  top: () => api.request('GET', '/api/stock_stats/top', popularListSchema),
  /** A symbol click or search counts toward popularity; a failure is not the trader's problem. */
  count: (symbol: string) =>
    api
      .request('POST', `/api/stock_stats/inc/${encodeURIComponent(symbol)}`, z.unknown())
      .catch(() => undefined),
};

export function usePopular() {
  return useQuery({
    queryKey: ['popular'],
    queryFn: async () => (await popularApi.top()).data.slice(0, POPULAR_MAX),
    refetchInterval: POPULAR_REFRESH_MS,
    staleTime: POPULAR_REFRESH_MS,
  });
}

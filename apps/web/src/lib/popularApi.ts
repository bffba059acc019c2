import { useQuery, useQueryClient } from '@tanstack/react-query';
import { POPULAR_MAX, popularListSchema } from '@tapeline/core';
import { useCallback } from 'react';
import { z } from 'zod';
import { api } from './authApi.ts';

/** Spec §4: the Popular list refreshes every 180 s. */
export const POPULAR_REFRESH_MS = 180_000;

const POPULAR_KEY = ['popular'] as const;

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
    queryKey: POPULAR_KEY,
    queryFn: async () => (await popularApi.top()).data.slice(0, POPULAR_MAX),
    refetchInterval: POPULAR_REFRESH_MS,
    staleTime: POPULAR_REFRESH_MS,
  });
}

/** Counts a click, then refreshes the list so the trader sees their click land (and blink). */
export function useCountPopular(): (symbol: string) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (symbol: string) => {
      await popularApi.count(symbol);
      await client.invalidateQueries({ queryKey: POPULAR_KEY });
    },
    [client],
  );
}

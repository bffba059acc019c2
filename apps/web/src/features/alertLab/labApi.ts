import { useQuery } from '@tanstack/react-query';
import { LAB_ROUTES, sessionBarsAnswerSchema } from '@tapeline/core';
import { api } from '../../lib/authApi.ts';

/** Today's chart takes the new minute's bar this often (the recorder closes a bar a minute). */
export const LIVE_BARS_MS = 15_000;

export const sessionBarsPath = (date: string, symbol: string) =>
  LAB_ROUTES.sessionBars.replace(':date', date).replace(':symbol', encodeURIComponent(symbol));

/** One symbol's 1-minute bars of a session; a live session's are fetched again as minutes pass. */
export function useSessionBars(symbol: string, date: string, live: boolean) {
  return useQuery({
    queryKey: ['sessionBars', date, symbol],
    queryFn: () => api.request('GET', sessionBarsPath(date, symbol), sessionBarsAnswerSchema),
    refetchInterval: live ? LIVE_BARS_MS : false,
    staleTime: live ? LIVE_BARS_MS : Number.POSITIVE_INFINITY,
    retry: false,
  });
}

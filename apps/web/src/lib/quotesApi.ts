import { type QueryClient, useQuery } from '@tanstack/react-query';
import {
  QUOTES_REFRESH_MS,
  type Quote,
  type QuotesEditRequest,
  quoteListSchema,
  quotePinAnswerSchema,
  quotesDeleteAnswerSchema,
  quotesEditAnswerSchema,
  sparklineAnswerSchema,
  successAnswerSchema,
} from '@tapeline/core';
import { api } from './authApi.ts';
import { applyTick, liveTicks } from './liveTicks.ts';
import { saveOnExit } from './settings/settingsApi.ts';

// The trader's favourite quotes: one TanStack query every widget shares (Quote widget, the
// stream's fav channel, the News widget's fav filter, Discovery's favourites toggle), so they
// all move together when a save or a live price lands. docs/quotes-news.md §2.

export const QUOTES_KEY = ['quotes'] as const;

export const QUOTES_PATHS = {
  list: '/api/quotes',
  reorder: '/api/quotes/reorder',
} as const;

const symbolPath = (symbol: string) => encodeURIComponent(symbol);

/** Spec §7 quote calls, each answer checked by core's schema. */
export const quotesApi = {
  list: () => api.request('GET', QUOTES_PATHS.list, quoteListSchema),
  edit: (body: QuotesEditRequest) => api.request('POST', QUOTES_PATHS.list, quotesEditAnswerSchema, body),
  remove: (symbol: string) =>
    api.request('DELETE', `${QUOTES_PATHS.list}/${symbolPath(symbol)}`, quotesDeleteAnswerSchema),
  reorder: (quotes: readonly string[]) =>
    api.request('POST', QUOTES_PATHS.reorder, successAnswerSchema, { quotes }),
  /** A price, or null to reset. */
  pin: (symbol: string, pin: number | null) =>
    api.request('POST', `/api/quotes/pin/${symbolPath(symbol)}`, quotePinAnswerSchema, { pin }),
  sparkline: (symbols: readonly string[]) =>
    api.request(
      'GET',
      `/api/stock_info/sparkline/${symbols.map(symbolPath).join(',')}`,
      sparklineAnswerSchema,
    ),
};

/** The page (or the widget) is going away with an order not yet saved: a keepalive fetch outlives it. */
export function reorderOnExit(quotes: readonly string[]): void {
  saveOnExit(QUOTES_PATHS.reorder, { quotes });
}

/** The list, with the live prices that came while it was on its way laid over it (liveTicks.ts). */
async function listWithTicks(): Promise<Quote[]> {
  const mark = liveTicks.mark();
  const list = await quotesApi.list();
  return applyTick(list, liveTicks.since(mark));
}

export function useQuotes() {
  return useQuery({
    queryKey: QUOTES_KEY,
    queryFn: listWithTicks,
    refetchInterval: QUOTES_REFRESH_MS,
    staleTime: QUOTES_REFRESH_MS / 2,
  });
}

const EMPTY: readonly string[] = [];
const symbolsOf = (list: Quote[]) => list.map((q) => q.symbol);

/** The favourite symbols in saved order; empty until loaded. */
export function useQuoteSymbols(): readonly string[] {
  const { data } = useQuery({
    queryKey: QUOTES_KEY,
    queryFn: listWithTicks,
    refetchInterval: QUOTES_REFRESH_MS,
    staleTime: QUOTES_REFRESH_MS / 2,
    select: symbolsOf,
  });
  return data ?? EMPTY;
}

/** Every reader of the list sees an answer that carries it (a save, a delete) at once. */
export function setQuotes(client: QueryClient, list: Quote[]): void {
  client.setQueryData<Quote[]>(QUOTES_KEY, list);
}

/** Changes the cached list in place (a live tick, a pin, a drop); nothing before the first read. */
export function updateQuotes(client: QueryClient, change: (list: Quote[]) => Quote[]): void {
  client.setQueryData<Quote[]>(QUOTES_KEY, (list) => (list ? change(list) : list));
}

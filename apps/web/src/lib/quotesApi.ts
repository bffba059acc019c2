import { useQuery } from '@tanstack/react-query';
import { QUOTES_REFRESH_MS, type Quote, quoteListSchema } from '@tapeline/core';
import { api } from './authApi.ts';

// The trader's favourite quotes: one TanStack query every widget shares (Quote widget, the
// stream's fav channel, the News widget's fav filter, Discovery's favourites toggle), so they
// all move together when a save or a live price lands. docs/quotes-news.md §2.

export const QUOTES_KEY = ['quotes'] as const;

export const quotesApi = {
  list: () => api.request('GET', '/api/quotes', quoteListSchema),
};

export function useQuotes() {
  return useQuery({
    queryKey: QUOTES_KEY,
    queryFn: () => quotesApi.list(),
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
    queryFn: () => quotesApi.list(),
    refetchInterval: QUOTES_REFRESH_MS,
    staleTime: QUOTES_REFRESH_MS / 2,
    select: symbolsOf,
  });
  return data ?? EMPTY;
}

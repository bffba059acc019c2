import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NEWS_EVENTS,
  NEWS_POLL_MS,
  type NewsAnswer,
  newsAnswerSchema,
  newsExtractAnswerSchema,
  newsFrameSchema,
} from '@tapeline/core';
import { useEffect } from 'react';
import { api } from '../../lib/authApi.ts';
import { listenSocket } from '../../lib/tabSocket.ts';
import { acceptsPushed, type NewsCursor, type NewsQuery, nextCursor, prependPushed } from './newsRules.ts';

// The News widget's data (docs/quotes-news.md §4): GET /api/news pages keyed by the query,
// polled every 60 s, with articles pushed on the tab's socket joining the list in between.

export type NewsPages = InfiniteData<NewsAnswer, NewsCursor | null>;

/** The query string of one page; ig_rf is always sent, so a hide_rf trader's every call says so. */
export function newsSearch(query: NewsQuery, cursor: NewsCursor | null): string {
  const params = new URLSearchParams();
  if (query.symbols.length > 0) params.set('symbols', query.symbols.join(','));
  params.set('ig_rf', query.ig_rf ? '1' : '0');
  if (cursor) {
    params.set('last_id', String(cursor.last_id));
    params.set('publishedAt', cursor.publishedAt);
  }
  return `?${params.toString()}`;
}

export const newsApi = {
  page: (query: NewsQuery, cursor: NewsCursor | null) =>
    api.request('GET', `/api/news${newsSearch(query, cursor)}`, newsAnswerSchema),
  extract: (id: number) => api.request('POST', '/api/news/extract', newsExtractAnswerSchema, { id }),
};

export const newsKey = (query: NewsQuery) => ['news', query.symbols.join(','), query.ig_rf ? 1 : 0] as const;
/** A key no query has, for the list that asks nothing (it must not show another query's list). */
const IDLE_KEY = ['news', null] as const;
const IDLE_QUERY: NewsQuery = { symbols: [], ig_rf: false };

/** The list of a query; null (fav without favourites) asks nothing. */
export function useNews(query: NewsQuery | null) {
  return useInfiniteQuery({
    queryKey: query ? newsKey(query) : IDLE_KEY,
    enabled: query !== null,
    initialPageParam: null as NewsCursor | null,
    queryFn: ({ pageParam }) => newsApi.page(query ?? IDLE_QUERY, pageParam),
    getNextPageParam: (_last, pages) => nextCursor(pages),
    refetchInterval: NEWS_POLL_MS,
    staleTime: NEWS_POLL_MS / 2,
  });
}

/**
 * Joins the tab's socket to the news room while the widget is on screen; each pushed article the
 * query would have answered is prepended to its list (the next poll agrees: they are stored).
 */
export function useLiveNews(query: NewsQuery | null): void {
  const client = useQueryClient();
  // The effect depends on the query's content, not its object (a new one each render).
  const symbols = query ? query.symbols.join(',') : null;
  const igRf = query?.ig_rf ?? false;
  useEffect(() => {
    if (symbols === null) return;
    const stable: NewsQuery = { symbols: symbols === '' ? [] : symbols.split(','), ig_rf: igRf };
    const key = newsKey(stable);
    return listenSocket(
      NEWS_EVENTS.update,
      (payload) => {
        const frame = newsFrameSchema.safeParse(payload);
        if (!frame.success) return;
        const fresh = frame.data.articles.filter((a) => acceptsPushed(a, stable));
        if (fresh.length === 0) return;
        client.setQueryData<NewsPages>(key, (data) =>
          data ? { ...data, pages: prependPushed(data.pages, fresh) } : data,
        );
      },
      {
        join: [NEWS_EVENTS.subscribe, {}],
        leave: [NEWS_EVENTS.unsubscribe, {}],
      },
    );
  }, [client, symbols, igRf]);
}

/**
 * The article's canonical link, asked once per article while its detail is open. Errors stay
 * silent (spec §7: the item's own url is used), so the query is never retried or toasted.
 */
export function useExtractedUrl(id: number, hasUrl: boolean): string | null {
  const { data } = useQuery({
    queryKey: ['newsExtract', id],
    queryFn: () => newsApi.extract(id),
    enabled: hasUrl,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return data?.url ?? null;
}

import {
  type DashboardConfig,
  isValidSymbol,
  NEWS_RECENTS_MAX,
  type NewsAnswer,
  type NewsArticle,
} from '@tapeline/core';

// The News widget's rules, pure (docs/quotes-news.md §4): which query a filter asks, the recent
// symbol searches, which pushed articles join the list and where, and the recency mark.

const HOUR_MS = 3_600_000;
/** The most symbols one GET /api/news names (core's newsQuerySchema). */
const QUERY_SYMBOLS_MAX = 100;

/** What the widget shows: every article, the favourites' articles, or one symbol's. */
export type NewsFilter = { kind: 'all' } | { kind: 'fav' } | { kind: 'symbol'; symbol: string };
export const ALL_NEWS: NewsFilter = { kind: 'all' };

/** One GET /api/news as the widget asks it: no symbols means all. */
export interface NewsQuery {
  symbols: readonly string[];
  ig_rf: boolean;
}

/** Where the next page starts: the last loaded article (keyset paging). */
export interface NewsCursor {
  last_id: number;
  publishedAt: string;
}

/**
 * The query of a filter, or null when there is nothing to ask (fav without favourites: the list
 * is empty without a request). Favourites are sorted so reordering quotes does not refetch news.
 */
export function queryOf(filter: NewsFilter, favorites: readonly string[], hideRf: boolean): NewsQuery | null {
  if (filter.kind === 'all') return { symbols: [], ig_rf: hideRf };
  if (filter.kind === 'symbol') return { symbols: [filter.symbol], ig_rf: hideRf };
  const symbols = [...new Set(favorites)].sort().slice(0, QUERY_SYMBOLS_MAX);
  return symbols.length === 0 ? null : { symbols, ig_rf: hideRf };
}

/** A searched symbol joins the recents at the front (once), keeping the newest 10. */
export function pushRecent(recents: readonly string[], symbol: string): string[] {
  return [symbol, ...recents.filter((s) => s !== symbol)].slice(0, NEWS_RECENTS_MAX);
}

/** Removes a recent; removing the symbol being shown sends the filter back to all (spec §4). */
export function removeRecent(
  recents: readonly string[],
  symbol: string,
  filter: NewsFilter,
): { recents: string[]; filter: NewsFilter } {
  const selected = filter.kind === 'symbol' && filter.symbol === symbol;
  return { recents: recents.filter((s) => s !== symbol), filter: selected ? ALL_NEWS : filter };
}

/** Recents as stored: anything that is not a list of well-formed symbols is dropped. */
export function parseRecents(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const symbols = raw.filter((s): s is string => typeof s === 'string' && isValidSymbol(s));
  return [...new Set(symbols)].slice(0, NEWS_RECENTS_MAX);
}

/** Would the query have answered this pushed article? Filings are left out under hide_rf. */
export function acceptsPushed(article: NewsArticle, query: NewsQuery): boolean {
  if (query.ig_rf && article.kind === 'filing') return false;
  if (query.symbols.length === 0) return true;
  return article.symbols.some((s) => query.symbols.includes(s));
}

const timeOf = (article: NewsArticle) => Date.parse(article.publishedAt);

/** The store's order: newest published first, then the higher id (the server's keyset). */
export function compareArticles(a: NewsArticle, b: NewsArticle): number {
  return timeOf(b) - timeOf(a) || b.id - a.id;
}

/** Both lists as one, each id once (the later copy wins), in keyset order. */
export function mergeArticles(older: readonly NewsArticle[], newer: readonly NewsArticle[]): NewsArticle[] {
  const byId = new Map<number, NewsArticle>();
  for (const article of older) byId.set(article.id, article);
  for (const article of newer) byId.set(article.id, article);
  return [...byId.values()].sort(compareArticles);
}

const loadedOf = (pages: readonly NewsAnswer[]) => pages.reduce((n, p) => n + p.articles.length, 0);

/** 'Load more...' shows while fewer are loaded than the store holds. */
export function totalOf(pages: readonly NewsAnswer[]): number {
  return pages[0]?.total ?? 0;
}

/** The next page's cursor: the last loaded article, while loaded < total; else none. */
export function nextCursor(pages: readonly NewsAnswer[]): NewsCursor | undefined {
  const last = pages.at(-1);
  if (!last || last.articles.length === 0 || loadedOf(pages) >= totalOf(pages)) return undefined;
  const article = last.articles.at(-1) as NewsArticle;
  return { last_id: article.id, publishedAt: article.publishedAt };
}

/**
 * Pushed articles join the first page and raise the total. While older pages remain to load,
 * one older than the last loaded article is left for 'Load more...': putting it in would move
 * the cursor past articles not yet loaded.
 */
export function prependPushed(pages: readonly NewsAnswer[], pushed: readonly NewsArticle[]): NewsAnswer[] {
  const [first, ...rest] = pages;
  if (!first) return [...pages];
  const loaded = new Set(pages.flatMap((p) => p.articles.map((a) => a.id)));
  const cursorArticle = pages.at(-1)?.articles.at(-1);
  const more = nextCursor(pages) !== undefined;
  const fresh = pushed.filter(
    (a) => !loaded.has(a.id) && (!more || !cursorArticle || compareArticles(a, cursorArticle) < 0),
  );
  if (fresh.length === 0) return [...pages];
  const articles = mergeArticles(first.articles, fresh);
  return [{ ...first, total: first.total + fresh.length, articles }, ...rest];
}

/** Every loaded article once, in order. */
export function articlesOf(pages: readonly NewsAnswer[]): NewsArticle[] {
  return mergeArticles(
    [],
    pages.flatMap((p) => p.articles),
  );
}

/** The stream's news mark on a row: icon on, recency > 0 and published within it. */
export function isRecent(article: NewsArticle, news: DashboardConfig['news'], now: number): boolean {
  if (!news.icon || news.recency <= 0) return false;
  const at = timeOf(article);
  return Number.isFinite(at) && now - at <= news.recency * HOUR_MS;
}

/** Only http(s) links are ever rendered as an href (a stored or extracted url included). */
export function safeHref(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

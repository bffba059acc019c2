/** Recent symbol filters kept by the News widget (§5, §9). */
export const NEWS_RECENTS_MAX = 10;
/** The widget polls every 60 s beside the pushed articles (§4, §9). */
export const NEWS_POLL_MS = 60_000;
/** A page of GET /api/news, and the most one call returns. */
export const NEWS_PAGE_DEFAULT = 30;
export const NEWS_PAGE_MAX = 50;
/** `total` counts matches up to this many. */
export const NEWS_TOTAL_CAP = 10_000;

/** The news sources, one adapter folder each (docs/quotes-news.md §3). */
export const NEWS_SOURCE_NAMES = ['simulated', 'rss', 'sec', 'alpaca', 'massive'] as const;
export type NewsSourceName = (typeof NEWS_SOURCE_NAMES)[number];

/** 'filing': a regulatory filing ("rf": SEC forms), hidden by hide_rf / ig_rf=1. */
export const NEWS_KINDS = ['news', 'filing'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** Every news toast of spec §8, word for word, and the server's answers. */
export const newsMessages = {
  fetchFailed: 'Failed to fetch news!',
  pagingPair: 'last_id and publishedAt go together',
  notFound: 'Article not found',
} as const;

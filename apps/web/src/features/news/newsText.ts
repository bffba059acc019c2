import { newsMessages } from '@tapeline/core';

/** The News widget's copy; the spec's §8 toast comes from core. */
export const NEWS_TEXT = {
  filter: 'News filter',
  all: 'All',
  fav: 'Fav',
  search: 'Search news by symbol',
  searchPlaceholder: 'Symbol',
  notASymbol: 'Not a symbol',
  recents: 'Recent symbols',
  removeRecent: (symbol: string) => `Remove ${symbol} from recent symbols`,
  list: 'News, newest first',
  loadMore: 'Load more...',
  empty: 'No news yet.',
  emptySymbol: (symbol: string) => `No news for ${symbol} yet.`,
  noFavorites: 'Add favorite quotes to see their news here.',
  recentMark: 'News within your recency window',
  detail: 'News article',
  symbols: 'Symbols',
  publishedAt: 'Published',
  source: 'Source',
  readArticle: 'Read article',
  filingDetails: 'Filing details',
  fetchFailed: newsMessages.fetchFailed,
} as const;

import type { NewsArticle } from '@tapeline/core';

/** An article as GET /api/news answers it; each test names only what it is about. */
export function article(id: number, publishedAt: string, overrides: Partial<NewsArticle> = {}): NewsArticle {
  return {
    id,
    title: `Headline ${id}`,
    description: `Summary ${id}`,
    url: `https://news.example.com/${id}`,
    imageUrl: null,
    symbols: ['ABC'],
    publishedAt,
    kind: 'news',
    source: { id: 'rss', name: 'Example Wire' },
    details: { details: null, description: `Summary ${id}`, linkToFilingDetails: null },
    ...overrides,
  };
}

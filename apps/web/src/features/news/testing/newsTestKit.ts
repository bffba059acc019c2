import { type NewsArticle, newsAnswerSchema, quoteListSchema } from '@tapeline/core';
import { type FakeApi, fakeApi, ok, paramsOf, queryRoute } from '../../../test-setup/fakeApi.ts';

// Helpers of the News widget's component tests. The network is faked at fetch as everywhere:
// GET /api/news is answered from its query string (fakeApi matches paths only), everything else
// goes to fakeApi; the tab's socket is test-setup/fakeSocket.ts (see vi.mock in each test file).

export interface NewsServer {
  api: FakeApi;
  /** Every GET /api/news asked, as its URL. */
  asked: URL[];
  /** The answer to the next GET /api/news calls. */
  answer(next: (url: URL) => { status: number; body: unknown }): void;
}

export const newsPage = (total: number, articles: NewsArticle[]) =>
  ok(newsAnswerSchema, { success: true, total, articles });

export function quotesOf(symbols: string[]) {
  return ok(
    quoteListSchema,
    symbols.map((symbol) => ({
      symbol,
      price: 10,
      percent: 1,
      dollar_dist: 0.1,
      high: 11,
      low: 9,
      sl: [],
      pin: null,
      pin_percent: null,
    })),
  );
}

export function newsServer(first: (url: URL) => { status: number; body: unknown }): NewsServer {
  const api = fakeApi().on('GET /api/quotes', quotesOf([]));
  return { api, ...queryRoute((path) => path === '/api/news', first) };
}

export { paramsOf };

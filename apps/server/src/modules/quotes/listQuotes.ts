import type { Quote } from '@tapeline/core';
import type { QuotesDeps } from './deps.ts';
import { readFigures, toQuote } from './figures.ts';
import type { StoredQuote } from './repository.ts';

/** Stored favourites as cards: figures and sparklines from the engine, null when it is silent. */
export async function withFigures(deps: QuotesDeps, stored: readonly StoredQuote[]): Promise<Quote[]> {
  const figures = await readFigures(
    deps.engine,
    stored.map((q) => q.symbol),
    true,
    deps.log,
  );
  return stored.map((q, i) => toQuote(q, figures[i] ?? null));
}

/** GET /api/quotes: the ordered list as a bare array. */
export async function listQuotes(deps: QuotesDeps, userId: string): Promise<Quote[]> {
  return withFigures(deps, await deps.quotes.list(userId));
}

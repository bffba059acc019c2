import type { Quote } from '@tapeline/core';
import type { QuotesDeps } from './deps.ts';
import { moveRooms } from './editQuotes.ts';
import { withFigures } from './listQuotes.ts';

/** DELETE /api/quotes/{symbol}: idempotent; the list as it is afterwards either way. */
export async function deleteQuote(
  deps: QuotesDeps,
  userId: string,
  symbol: string,
): Promise<{ success: true; data: Quote[] }> {
  if (await deps.quotes.remove(userId, symbol)) {
    deps.favoritesChanged(userId);
    await moveRooms(deps, userId, [], [symbol]);
  }
  return { success: true, data: await withFigures(deps, await deps.quotes.list(userId)) };
}

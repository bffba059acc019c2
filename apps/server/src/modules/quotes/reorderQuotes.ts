import type { QuotesDeps } from './deps.ts';

/**
 * POST /api/quotes/reorder: core's planReorder on the list as it is inside the lock. The order
 * means nothing to alerts or live prices, so neither is told.
 */
export async function reorderQuotes(
  deps: QuotesDeps,
  userId: string,
  named: readonly string[],
): Promise<{ success: true }> {
  await deps.quotes.reorder(userId, named);
  return { success: true };
}

import { isValidSymbol, normalizeSymbol } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { RateLimitedError } from '../../platform/rateLimit.ts';
import { createPopularityRepository } from './repository.ts';

/**
 * Counts a click or search on a symbol. A user's repeat votes for the same symbol within a
 * minute are accepted but not counted; `counted` says which.
 */
export async function countInterest(
  ctx: AppContext,
  userId: string,
  rawSymbol: string,
): Promise<{ success: true; counted: boolean }> {
  const symbol = normalizeSymbol(rawSymbol);
  if (!isValidSymbol(symbol))
    throw new HttpError(400, 'invalid_symbol', `${rawSymbol} is not a valid symbol`);
  await ctx.limiter.consume('popularityUser', userId);
  try {
    await ctx.limiter.consume('popularityVote', `${userId}|${symbol}`);
  } catch (error) {
    if (error instanceof RateLimitedError) return { success: true, counted: false };
    throw error;
  }
  await createPopularityRepository(ctx.database.db).increment(symbol, ctx.clock.now());
  return { success: true, counted: true };
}

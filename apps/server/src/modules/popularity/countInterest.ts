import { isValidSymbol, messages, normalizeSymbol } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { RateLimitedError } from '../../platform/rateLimit.ts';
import type { SymbolUniverse } from '../settings/symbolUniverse.ts';
import { createPopularityRepository } from './repository.ts';

const invalidSymbol = () => new HttpError(400, 'invalid_symbol', messages.invalidSymbol);

/**
 * Counts a click or search on a symbol of the reference data (the engine's listed symbols); the
 * route has already spent the trader's allowance. A symbol the market does not list is refused
 * and never stored; with no reference data on this node nothing can be checked, so nothing counts.
 * A trader's repeat vote for the same symbol within a minute is accepted but not counted.
 * `counted` says which (docs/decisions.md, "Popularity").
 */
export async function countInterest(
  ctx: AppContext,
  universe: SymbolUniverse,
  userId: string,
  rawSymbol: string,
): Promise<{ success: true; counted: boolean }> {
  const symbol = normalizeSymbol(rawSymbol);
  if (!isValidSymbol(symbol)) throw invalidSymbol();
  const listed = await universe.symbols();
  if (!listed) return { success: true, counted: false };
  if (!listed.has(symbol)) throw invalidSymbol();
  try {
    await ctx.limiter.consume('popularityVote', `${userId}|${symbol}`);
  } catch (error) {
    if (error instanceof RateLimitedError) return { success: true, counted: false };
    throw error;
  }
  await createPopularityRepository(ctx.database.db).increment(symbol, new Date(ctx.clock.now()));
  return { success: true, counted: true };
}

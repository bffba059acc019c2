import { type Quote, quoteMessages } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import type { QuotesDeps } from './deps.ts';
import { readFigures, toQuote } from './figures.ts';

/** A pin as stored: 4 decimals; null, 0, or a price that rounds to 0 resets it. */
function storedPin(pin: number | null): number | null {
  if (pin === null) return null;
  const rounded = Math.round(pin * 10_000) / 10_000;
  return rounded > 0 ? rounded : null;
}

/** POST /api/quotes/pin/{symbol}: sets or resets the pin; 404 when the symbol is not listed. */
export async function pinQuote(
  deps: QuotesDeps,
  userId: string,
  symbol: string,
  pin: number | null,
): Promise<{ success: true; data: Quote }> {
  const stored = await deps.quotes.setPin(userId, symbol, storedPin(pin));
  if (!stored) throw new HttpError(404, 'not_found', quoteMessages.notListed(symbol));
  const [figures] = await readFigures(deps.engine, [symbol], true, deps.log);
  return { success: true, data: toQuote(stored, figures ?? null) };
}

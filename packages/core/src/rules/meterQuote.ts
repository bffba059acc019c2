import type { MeterQuote, MeterSymbol } from '../api/meters.ts';

/**
 * One gauge's figures from the engine's: `change` is `last − prevClose`, null when either is
 * unknown. NaN-free inputs only; the engine turns its NaN "unknown" into null before this.
 */
export function meterQuote(
  s: MeterSymbol,
  last: number | null,
  prevClose: number | null,
  atr: number | null,
): MeterQuote {
  const change = last === null || prevClose === null ? null : last - prevClose;
  return { s, last, prevClose, atr, change };
}

/** Today's move in percent of the prior close, or null without a change or a non-zero prior close. */
export function meterChangePercent(
  quote: Pick<MeterQuote, 'change' | 'prevClose'> | undefined,
): number | null {
  if (quote?.change == null || !quote.prevClose) return null;
  return (quote.change / quote.prevClose) * 100;
}

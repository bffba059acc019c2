import { z } from 'zod';

/** Test symbols exchanges publish for connectivity checks; they never reach a trader. */
export const TEST_SYMBOLS: ReadonlySet<string> = new Set([
  'TEST',
  'ZJZZT',
  'ZOZZT',
  'ZRZZT',
  'ZVZZT',
  'ZWZZT',
  'ZXZZT',
]);

// Letters first, then letters, digits, a class dot or a dash (BRK.B, BF-A); at most 10.
const SYMBOL_PATTERN = /^[A-Z][A-Z0-9]{0,5}([.-][A-Z0-9]{1,3})?$/;

/** Symbols are entered in any case and stored upper-cased (spec: symbol entry is upper-cased). */
export function normalizeSymbol(value: string): string {
  return value.trim().toUpperCase();
}

export function isValidSymbol(symbol: string): boolean {
  return SYMBOL_PATTERN.test(symbol) && !TEST_SYMBOLS.has(symbol);
}

/** A symbol in a saved list: trimmed, upper-cased, and valid. */
export const symbolSchema = z
  .string()
  .max(16)
  .transform(normalizeSymbol)
  .superRefine((symbol, ctx) => {
    if (!isValidSymbol(symbol)) ctx.addIssue({ code: 'custom', message: `Symbol ${symbol} is invalid` });
  });

import { METER_SYMBOLS } from '@tapeline/core';

// The bounded symbol set a feed streams when its plan refuses the whole market: the operator's
// MARKET_SYMBOLS_WATCH as given, or else the union of the symbols traders watch (favorites and
// alert rules) followed by the meters' index ETFs, without repeats, capped at the plan's limit.

export function boundedSymbols(
  watch: readonly string[],
  watched: readonly string[],
  limit: number,
): string[] {
  const from = watch.length > 0 ? watch : [...watched, ...METER_SYMBOLS];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of from) {
    const sym = raw.trim().toUpperCase();
    if (sym.length === 0 || seen.has(sym)) continue;
    seen.add(sym);
    out.push(sym);
    if (out.length >= limit) break;
  }
  return out;
}

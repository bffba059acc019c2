import type { RuleSet } from '@tapeline/core';

/** A stored category names a symbol (upper-case) rather than a stream category (lower-case). */
export const isSymbolCategory = (category: string) => /^[A-Z]/.test(category);

/**
 * The symbols whose recorded bars a backtest of this rule set must read, or null for the whole
 * session: filtered alerts and stream categories read the market, halt rules every halted symbol
 * (known only once the session's events are read). A sealed session then reads only their blocks.
 */
export function ruleSymbols(set: RuleSet): string[] | null {
  if (set.filtered.length > 0) return null;
  const out = new Set<string>();
  for (const r of set.rules) {
    if (r.type === 'halt' || !isSymbolCategory(r.category)) return null;
    out.add(r.category);
  }
  return [...out];
}

import { isValidSymbol, normalizeSymbol } from '@tapeline/core';
import type { SymbolUniverse } from './symbolUniverse.ts';

/** A CSV cell as typed: trimmed, upper-cased, without the commas around it (spec §5 CSV import). */
function clean(raw: string): string {
  return normalizeSymbol(raw.replace(/^[\s,]+|[\s,]+$/g, ''));
}

/**
 * The requested symbols that exist, in request order, each once. Test symbols never pass
 * (`isValidSymbol`). With a known universe a symbol must be listed in it; without one (no
 * engine on this node) the symbol pattern is all that can be checked.
 */
export async function validateSymbols(
  requested: readonly string[],
  universe: SymbolUniverse,
): Promise<string[]> {
  const known = await universe.symbols();
  const valid = new Set<string>();
  for (const raw of requested) {
    const symbol = clean(raw);
    if (!isValidSymbol(symbol)) continue;
    if (known && !known.has(symbol)) continue;
    valid.add(symbol);
  }
  return [...valid];
}

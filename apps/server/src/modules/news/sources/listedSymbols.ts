import { type Clock, systemClock } from '../../../platform/clock.ts';
import type { ListedSymbols } from './newsSource.ts';

/** The engine's reference data is asked at most this often (docs/quotes-news.md §3 tagging). */
export const LISTED_CACHE_MS = 10 * 60_000;

export interface NamesEngine {
  query(query: { kind: 'names' }): Promise<string>;
}

/**
 * The engine's listed symbols (`names` → `[{s, n}]`), cached 10 minutes. Before any list is
 * known (no engine answer, reference data not loaded) the answer is null and asked again next
 * time: tagging then keeps nothing rather than guessing.
 */
export function engineListedSymbols(engine: NamesEngine, clock: Clock = systemClock): ListedSymbols {
  let cached: { symbols: ReadonlySet<string>; at: number } | null = null;
  return {
    async listed() {
      const now = clock.now();
      if (cached && now - cached.at < LISTED_CACHE_MS) return cached.symbols;
      try {
        const names = JSON.parse(await engine.query({ kind: 'names' })) as { s?: unknown }[];
        const symbols = new Set(
          names.map((name) => name.s).filter((s): s is string => typeof s === 'string'),
        );
        if (symbols.size > 0) cached = { symbols, at: now };
        return cached?.symbols ?? null;
      } catch {
        // A stale list beats none while the engine is briefly away.
        return cached?.symbols ?? null;
      }
    },
  };
}

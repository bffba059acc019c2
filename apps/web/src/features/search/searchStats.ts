import { SEARCH_STATS_PAUSE_MS, searchStatsDue } from '@tapeline/core';
import type { SearchCountMemory } from './searchCountMemory.ts';

export interface SearchStatsDeps {
  now: () => number;
  /** Runs `run` after `ms`; returns a cancel function. */
  schedule: (run: () => void, ms: number) => () => void;
  count: (symbol: string) => void;
  /** Only symbols that exist count: a half-typed query is not a search for it. */
  isKnown: (symbol: string) => boolean;
  /** When each symbol last counted; shared by every search box of the browser. */
  lastCounted: SearchCountMemory;
}

/**
 * Symbol search statistics (discovery spec): a typed symbol search of up to 6 characters
 * counts toward popularity once the typing pauses for 2 s, at most once an hour per symbol.
 */
export function createSearchStats(deps: SearchStatsDeps) {
  let cancel: (() => void) | null = null;
  const stop = () => {
    cancel?.();
    cancel = null;
  };
  const record = (symbol: string) => deps.lastCounted.set(symbol, deps.now());

  return {
    /** The symbol query as it now reads ('' for none, or a user search). */
    typed(query: string): void {
      stop();
      // The hour is checked when the pause ends: it may have run out by then.
      if (!searchStatsDue(query, undefined, deps.now())) return;
      cancel = deps.schedule(() => {
        cancel = null;
        if (!deps.isKnown(query) || !searchStatsDue(query, deps.lastCounted.get(query), deps.now())) return;
        record(query);
        deps.count(query);
      }, SEARCH_STATS_PAUSE_MS);
    },
    /** The trader chose the symbol (counted as a click): no second count for the typing. */
    chosen(symbol: string): void {
      stop();
      record(symbol);
    },
    dispose: stop,
  };
}

export type SearchStats = ReturnType<typeof createSearchStats>;

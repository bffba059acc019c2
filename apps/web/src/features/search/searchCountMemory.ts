import { SEARCH_STATS_INTERVAL_MS } from '@tapeline/core';
import { type KeyValueStore, STORAGE_PREFIX } from '../../lib/storageKeys.ts';

/** When each symbol search last counted toward popularity, kept by the browser. */
export const SEARCH_COUNTED_KEY = `${STORAGE_PREFIX}searchCounted`;

export interface SearchCountMemory {
  get(symbol: string): number | undefined;
  set(symbol: string, at: number): void;
}

/**
 * The hourly limit per symbol (discovery spec §4) held for the whole browser — every tab, search
 * box and reload — in local storage, so a reload does not count the same search again. Entries
 * older than the hour are dropped on each write; without storage (private mode, quota) the
 * memory lasts as long as the page.
 */
export function searchCountMemory(store: KeyValueStore | null): SearchCountMemory {
  const page = new Map<string, number>();
  const read = (): Record<string, number> => {
    try {
      const parsed: unknown = JSON.parse(store?.getItem(SEARCH_COUNTED_KEY) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
    } catch {
      return {};
    }
  };
  return {
    get(symbol) {
      const stored = read()[symbol];
      const held = page.get(symbol);
      const known = [stored, held].filter((t): t is number => typeof t === 'number');
      return known.length > 0 ? Math.max(...known) : undefined;
    },
    set(symbol, at) {
      page.set(symbol, at);
      const kept = Object.fromEntries(
        Object.entries(read()).filter(([, t]) => typeof t === 'number' && at - t < SEARCH_STATS_INTERVAL_MS),
      );
      kept[symbol] = at;
      try {
        store?.setItem(SEARCH_COUNTED_KEY, JSON.stringify(kept));
      } catch {
        // Storage refused: the page's memory still holds the hour.
      }
    },
  };
}

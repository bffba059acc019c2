import { QUOTES_SORT_CLOSE_MS } from '@tapeline/core';
import { useCallback, useEffect, useState } from 'react';
import { browserStores, STORAGE_PREFIX } from '../../lib/storageKeys.ts';
import { nextSortMethod, parseSortMethod, type SortMethod } from './quoteRules.ts';

export const SORT_KEY = `${STORAGE_PREFIX}quoteSort`;

function readMethod(): SortMethod | null {
  try {
    return parseSortMethod(browserStores()?.local.getItem(SORT_KEY));
  } catch {
    return null;
  }
}

function writeMethod(method: SortMethod | null): void {
  try {
    const local = browserStores()?.local;
    if (method === null) local?.removeItem(SORT_KEY);
    else local?.setItem(SORT_KEY, method);
  } catch {
    // Storage refused (private mode, quota): the view still sorts for this visit.
  }
}

/**
 * The view's sort method (kept per browser) and its tools, which close themselves 10 s after
 * they opened or were last used (spec §2, §9).
 */
export function useSortMethod() {
  const [method, setMethod] = useState<SortMethod | null>(readMethod);
  // null: tools closed; else a count of uses, so the close timer restarts from the last one.
  const [uses, setUses] = useState<number | null>(null);

  useEffect(() => {
    if (uses === null) return;
    const timer = setTimeout(() => setUses(null), QUOTES_SORT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [uses]);

  const choose = useCallback((chosen: SortMethod) => {
    setMethod((current) => {
      const next = nextSortMethod(current, chosen);
      writeMethod(next);
      return next;
    });
    setUses((n) => (n === null ? 0 : n + 1));
  }, []);

  const toggleTools = useCallback(() => setUses((n) => (n === null ? 0 : null)), []);
  return { method, toolsOpen: uses !== null, choose, toggleTools };
}

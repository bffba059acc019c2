import { useCallback, useState } from 'react';
import { browserStores, STORAGE_PREFIX } from '../../lib/storageKeys.ts';
import { parseRecents } from './newsRules.ts';

// The recent symbol searches, per browser (docs/quotes-news.md §4): localStorage, read once
// when the widget mounts and written on every change. Logout wipes them with the other keys.

export const NEWS_RECENTS_KEY = `${STORAGE_PREFIX}newsRecents`;

function read(): string[] {
  try {
    return parseRecents(JSON.parse(browserStores()?.local.getItem(NEWS_RECENTS_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

function write(recents: readonly string[]): void {
  try {
    browserStores()?.local.setItem(NEWS_RECENTS_KEY, JSON.stringify(recents));
  } catch {
    // Storage full or disabled: the recents last as long as the page.
  }
}

export function useNewsRecents(): [string[], (next: string[]) => void] {
  const [recents, setRecents] = useState(read);
  const update = useCallback((next: string[]) => {
    setRecents(next);
    write(next);
  }, []);
  return [recents, update];
}

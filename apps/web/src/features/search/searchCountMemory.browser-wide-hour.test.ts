import { SEARCH_STATS_INTERVAL_MS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../lib/storageKeys.ts';
import { SEARCH_COUNTED_KEY, searchCountMemory } from './searchCountMemory.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

const T0 = 1_700_000_000_000;

describe('search count memory', () => {
  it('a count in one page is known to another page of the same browser (a reload, a second tab)', () => {
    const store = memoryStore();
    searchCountMemory(store).set('AAPL', T0);
    expect(searchCountMemory(store).get('AAPL')).toBe(T0);
    expect(searchCountMemory(store).get('TSLA')).toBeUndefined();
  });

  it('drops entries older than the hour when it writes', () => {
    const store = memoryStore();
    const memory = searchCountMemory(store);
    memory.set('AAPL', T0);
    memory.set('TSLA', T0 + SEARCH_STATS_INTERVAL_MS);
    expect(JSON.parse(store.data.get(SEARCH_COUNTED_KEY) ?? '{}')).toEqual({
      TSLA: T0 + SEARCH_STATS_INTERVAL_MS,
    });
  });

  it('without storage, or with a broken entry, the page still remembers', () => {
    const memory = searchCountMemory(null);
    memory.set('AAPL', T0);
    expect(memory.get('AAPL')).toBe(T0);
    const store = memoryStore();
    store.setItem(SEARCH_COUNTED_KEY, '{not json');
    const broken = searchCountMemory(store);
    expect(broken.get('AAPL')).toBeUndefined();
    broken.set('AAPL', T0);
    expect(broken.get('AAPL')).toBe(T0);
  });
});

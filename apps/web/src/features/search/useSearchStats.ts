import { useEffect, useRef, useState } from 'react';
import { useCountPopular } from '../../lib/popularApi.ts';
import { useStockNameMap } from '../../lib/referenceData.ts';
import { browserStores } from '../../lib/storageKeys.ts';
import { searchCountMemory } from './searchCountMemory.ts';
import { createSearchStats, type SearchStats } from './searchStats.ts';

// Per browser, not per search box or page: every box, tab and reload shares the hourly limit.
const lastCounted = searchCountMemory(browserStores()?.local ?? null);

/** The search statistics tracker on the real clock, counting through the popularity API. */
export function useSearchStats(): SearchStats {
  const count = useCountPopular();
  const names = useStockNameMap();
  const latest = useRef({ count, names });
  useEffect(() => {
    latest.current = { count, names };
  }, [count, names]);

  const [stats] = useState(() =>
    createSearchStats({
      now: Date.now,
      schedule: (run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
      count: (symbol) => void latest.current.count(symbol),
      isKnown: (symbol) => latest.current.names?.has(symbol) ?? false,
      lastCounted,
    }),
  );
  useEffect(() => () => stats.dispose(), [stats]);
  return stats;
}

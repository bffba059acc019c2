import { until } from '../../../../test/waitFor.ts';
import type { NewsSource, NewsStats } from '../newsSource.ts';

// Drives sources on a manual clock: polls and retries start only when the test moves time, and
// the test then waits on the source's own counters (a poll settled) rather than on wall time.

/** How many polls have settled so far, good or bad. */
const settledCount = (s: NewsStats, oks: number) => s.failures + oks;

/**
 * Counts good polls by watching lastOkAt move; tests advance the clock between polls, so each
 * good poll sets a new lastOkAt.
 */
export function pollWatcher(source: NewsSource) {
  let oks = 0;
  let lastOk: number | null = null;
  const read = () => {
    const s = source.stats();
    if (s.lastOkAt !== null && s.lastOkAt !== lastOk) {
      lastOk = s.lastOkAt;
      oks++;
    }
    return settledCount(s, oks);
  };
  return {
    /** Waits until `n` polls (good or failed) have settled since the watcher began. */
    async settled(n: number, what = `${n} polls settled`): Promise<void> {
      await until(what, () => (read() >= n ? true : undefined), 10_000);
    },
    count: read,
  };
}

import type { NewsSourceName } from '@tapeline/core';
import type { PollLoop } from '../../ingest/pollLoop.ts';
import type { NewsSink, NewsSource, NewsStats } from '../newsSource.ts';
import type { GatedSink } from './sourceOptions.ts';
import type { MutableNewsStats } from './sourceStats.ts';

// The NewsSource of a source that runs only poll loops (rss, sec, massive). stop() closes the gate
// before the loops settle, so no draft leaves after it resolves.

export function loopedSource(
  name: NewsSourceName,
  stats: MutableNewsStats,
  gate: GatedSink,
  /** Checks the configuration (throwing before the gate opens), opens the gate, starts the loops. */
  startLoops: (sink: NewsSink) => PollLoop[],
): NewsSource {
  let loops: PollLoop[] = [];
  return {
    name,
    async start(sink: NewsSink) {
      loops = startLoops(sink);
    },
    async stop() {
      gate.close();
      await Promise.all(loops.map((l) => l.stop()));
      loops = [];
    },
    stats: (): NewsStats => ({ ...stats }),
  };
}

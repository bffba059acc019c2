import type { Clock } from '../../../../platform/clock.ts';
import type { HaltsSettings } from '../../../../platform/config.ts';
import type { Log } from '../../../../platform/log.ts';
import type { FeedSink, FeedStats, MarketFeed } from '../feed.ts';
import { HaltMerge } from './haltMerge.ts';
import { NasdaqTraderHalts } from './nasdaqTraderHalts.ts';

/**
 * A real feed with a second source of halts (HALTS_SOURCE): both report into one HaltMerge, so
 * a halt either tells reaches the engine once. The halts source starts beside the feed; its
 * failures are logged and never stop the feed.
 */
export function withHalts(feed: MarketFeed, halts: HaltsSettings, clock: Clock, logger: Log): MarketFeed {
  if (!halts) return feed;
  let source: NasdaqTraderHalts | null = null;
  return {
    name: feed.name,
    async start(sink: FeedSink): Promise<void> {
      const merge = new HaltMerge(sink);
      source = new NasdaqTraderHalts({ url: halts.url, clock, logger });
      void source.start(merge.other);
      await feed.start(merge.feedSink);
    },
    async stop(): Promise<void> {
      source?.stop();
      source = null;
      await feed.stop();
    },
    stats(): FeedStats {
      return feed.stats();
    },
  };
}

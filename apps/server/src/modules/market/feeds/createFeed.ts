import { type Clock, systemClock } from '../../../platform/clock.ts';
import type { FeedConfig } from '../../../platform/config.ts';
import { type Log, silentLog } from '../../../platform/log.ts';
import { AlpacaFeed } from './alpaca/alpacaFeed.ts';
import type { MarketFeed } from './feed.ts';
import { withHalts } from './halts/withHalts.ts';
import { MassiveFeed } from './massive/massiveFeed.ts';
import { withRecorder } from './replay/recorder.ts';
import { ReplayFeed } from './replay/replayFeed.ts';
import { SimulatorFeed } from './simulator/simulatorFeed.ts';

// Picks the feed MARKET_FEED names and, with MARKET_RECORD, records whatever it delivers. The
// REST URLs and HISTORY_* settings reach the real feeds here; they read them once their history
// backfill lands (docs/continuity.md §5). SIM_START sets the simulator's virtual start. A real
// feed gets its second source of halts (HALTS_SOURCE) here.

/**
 * What the engine thread gives a feed: the symbols traders watch (favorites, alert rules) and
 * its clock (the halts source's polls).
 */
export interface FeedHooks {
  watched?: () => readonly string[];
  clock?: Clock;
}

export function createFeed(config: FeedConfig, logger: Log = silentLog, hooks: FeedHooks = {}): MarketFeed {
  const base = baseFeed(config, logger, hooks);
  const feed =
    config.kind === 'massive' || config.kind === 'alpaca'
      ? withHalts(base, config.halts, hooks.clock ?? systemClock, logger)
      : base;
  return config.recordFile ? withRecorder(feed, config.recordFile, logger) : feed;
}

function baseFeed(config: FeedConfig, logger: Log, hooks: FeedHooks): MarketFeed {
  switch (config.kind) {
    case 'simulator':
      return new SimulatorFeed({
        seed: config.sim.seed,
        symbols: config.sim.symbols,
        tradesPerSecond: config.sim.tradesPerSecond,
        clock: config.sim.clock,
        speed: config.sim.speed,
        ...(config.sim.start === null ? {} : { startTs: config.sim.start }),
      });
    case 'replay':
      return new ReplayFeed({
        file: config.file,
        symbolsFile: config.symbolsFile,
        speed: config.speed,
        logger,
      });
    case 'massive':
      return new MassiveFeed({
        apiKey: config.apiKey,
        url: config.url,
        restUrl: config.restUrl,
        history: config.history,
        symbolsFile: config.symbolsFile,
        logger,
      });
    case 'alpaca':
      return new AlpacaFeed({
        keyId: config.keyId,
        secretKey: config.secretKey,
        url: config.url,
        dataUrl: config.dataUrl,
        tradingUrl: config.tradingUrl,
        dataFeed: config.feed,
        history: config.history,
        symbolsFile: config.symbolsFile,
        watch: config.watch,
        ...(hooks.watched ? { watched: hooks.watched } : {}),
        logger,
      });
  }
}

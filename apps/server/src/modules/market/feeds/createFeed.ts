import { AlpacaFeed } from './alpaca/alpacaFeed.ts';
import type { FeedConfig } from './config.ts';
import { type FeedLogger, type MarketFeed, silentLogger } from './feed.ts';
import { MassiveFeed } from './massive/massiveFeed.ts';
import { withRecorder } from './replay/recorder.ts';
import { ReplayFeed } from './replay/replayFeed.ts';
import { SimulatorFeed } from './simulator/simulatorFeed.ts';

// Picks the feed MARKET_FEED names and, with MARKET_RECORD, records whatever it delivers.

export function createFeed(config: FeedConfig, logger: FeedLogger = silentLogger): MarketFeed {
  const feed = baseFeed(config, logger);
  return config.recordFile ? withRecorder(feed, config.recordFile, logger) : feed;
}

function baseFeed(config: FeedConfig, logger: FeedLogger): MarketFeed {
  switch (config.feed) {
    case 'simulator':
      return new SimulatorFeed({
        seed: config.sim.seed,
        symbols: config.sim.symbols,
        tradesPerSecond: config.sim.tradesPerSecond,
        clock: config.sim.clock,
        speed: config.sim.speed,
      });
    case 'replay':
      return new ReplayFeed({
        file: config.replayFile as string,
        symbolsFile: config.symbolsFile,
        speed: config.replaySpeed,
        logger,
      });
    case 'massive': {
      const m = config.massive as NonNullable<FeedConfig['massive']>;
      return new MassiveFeed({ apiKey: m.apiKey, url: m.url, symbolsFile: config.symbolsFile, logger });
    }
    case 'alpaca': {
      const a = config.alpaca as NonNullable<FeedConfig['alpaca']>;
      return new AlpacaFeed({
        keyId: a.keyId,
        secretKey: a.secretKey,
        url: a.url,
        symbolsFile: config.symbolsFile,
        logger,
      });
    }
  }
}

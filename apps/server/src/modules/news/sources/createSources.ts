import path from 'node:path';
import type { NewsSourceName } from '@tapeline/core';
import type { Clock } from '../../../platform/clock.ts';
import type { NewsConfig } from '../../../platform/config.ts';
import type { Log } from '../../../platform/log.ts';
import { createAlpacaNewsSource } from './alpaca/alpacaSource.ts';
import { createMassiveSource } from './massive/massiveSource.ts';
import type { ListedSymbols, NewsSource } from './newsSource.ts';
import { createRssSource } from './rss/rssSource.ts';
import { createSecSource } from './sec/secSource.ts';
import { createSimulatedSource, type SimNewsEngine } from './simulated/simulatedSource.ts';

// NEWS_SOURCES → the sources this engine-side process runs, one line per source (as
// market/feeds/createFeed.ts). Each builder gets the same dependencies; a source reads only
// its own part of the config.

export interface SourceDeps {
  config: NewsConfig;
  /** The engine beside this runner: `simNews` for the simulated wire. */
  engine: SimNewsEngine;
  /** The engine's listed symbols (cached), for tagging. */
  listed: ListedSymbols;
  /** DATA_DIR, for what a source caches between starts (SEC tickers: `engine/news/`). */
  dataDir: string;
  log: Log;
  clock: Clock;
}

type Builder = (deps: SourceDeps) => NewsSource;

/** What the network sources share: listed symbols, the poll interval and a logger naming them. */
const common = (deps: SourceDeps, source: NewsSourceName) => ({
  listed: deps.listed,
  pollMs: deps.config.pollMs,
  logger: deps.log.child({ source }),
  clock: deps.clock,
});

const BUILDERS: Record<NewsSourceName, Builder> = {
  simulated: (deps) =>
    createSimulatedSource({
      engine: deps.engine,
      clock: deps.clock,
      onFailure: (error, wait) =>
        deps.log.warn({ err: error, source: 'simulated', retryInMs: wait }, 'news source poll failed'),
    }),
  rss: (deps) => createRssSource({ ...common(deps, 'rss'), feeds: deps.config.feeds }),
  sec: (deps) =>
    createSecSource({
      ...common(deps, 'sec'),
      feedUrl: deps.config.sec.feedUrl,
      tickersUrl: deps.config.sec.tickersUrl,
      forms: deps.config.sec.forms,
      userAgent: deps.config.sec.userAgent ?? undefined,
      cacheDir: path.join(deps.dataDir, 'engine', 'news'),
    }),
  alpaca: (deps) =>
    createAlpacaNewsSource({
      ...common(deps, 'alpaca'),
      keyId: deps.config.alpaca.keyId ?? '',
      secretKey: deps.config.alpaca.secretKey ?? '',
      wsUrl: deps.config.alpaca.wsUrl,
      restUrl: deps.config.alpaca.restUrl,
      backfillMs: deps.config.backfillHours * 3_600_000,
    }),
  massive: (deps) =>
    createMassiveSource({
      ...common(deps, 'massive'),
      apiKey: deps.config.massive.apiKey ?? '',
      url: deps.config.massive.url,
      backfillMs: deps.config.backfillHours * 3_600_000,
    }),
};

/** The configured sources, in NEWS_SOURCES order; one that cannot be built is logged and left out. */
export function createSources(deps: SourceDeps): NewsSource[] {
  const sources: NewsSource[] = [];
  for (const name of deps.config.sources) {
    try {
      sources.push(BUILDERS[name](deps));
    } catch (error) {
      deps.log.error({ err: error, source: name }, 'news source not built');
    }
  }
  return sources;
}

import type { NewsSourceName } from '@tapeline/core';
import type { Logger } from 'pino';
import type { NewsConfig } from '../../../platform/config.ts';
import type { ListedSymbols, NewsSource } from './newsSource.ts';
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
  log: Logger;
}

type Builder = (deps: SourceDeps) => NewsSource;

const notBuiltYet =
  (name: NewsSourceName): Builder =>
  () => {
    throw new Error(`news source ${name} is not available in this build`);
  };

const BUILDERS: Record<NewsSourceName, Builder> = {
  simulated: (deps) =>
    createSimulatedSource({
      engine: deps.engine,
      onFailure: (error, wait) =>
        deps.log.warn({ err: error, source: 'simulated', retryInMs: wait }, 'news source poll failed'),
    }),
  rss: notBuiltYet('rss'),
  sec: notBuiltYet('sec'),
  alpaca: notBuiltYet('alpaca'),
  massive: notBuiltYet('massive'),
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

import { NEWS_TOPICS, type NewsSourceName, newsDraftSchema } from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Clock, Timer } from '../../../platform/clock.ts';
import type { Config } from '../../../platform/config.ts';
import type { Log } from '../../../platform/log.ts';
import { Backoff } from '../../market/feeds/backoff.ts';
import { createSources, type SourceDeps } from '../sources/createSources.ts';
import { engineListedSymbols, type NamesEngine } from '../sources/listedSymbols.ts';
import type { NewsSink, NewsSource, NewsStats } from '../sources/newsSource.ts';
import type { SimNewsEngine } from '../sources/simulated/simulatedSource.ts';
import { createDraftBatcher, type DraftBatcher } from './draftBatcher.ts';
import { RETRY_BASE_MS, RETRY_MAX_MS } from './pollLoop.ts';

// Where the engine runs (`all` or `--role=engine`; no database there), the news sources run
// and publish drafts on the bus for the API nodes to store (docs/quotes-news.md §3 "Ingestion").
// Each source is supervised on its own: its start, its sink and its batches share nothing with
// another's, and nothing a source does reaches the process as an unhandled error.

/** The engine's status, for its clock: `{kind: 'status'}` answers JSON with `clock` (ms). */
export interface ClockEngine {
  query(query: { kind: 'status' }): Promise<string>;
}

/** What the runner asks of the engine beside it. */
export type NewsEngine = SimNewsEngine & NamesEngine & ClockEngine;

/** How often the distance between the market's clock and the wall is read again. */
export const MARKET_OFFSET_EVERY_MS = 10_000;

/**
 * One clock for every article (issue 23 §5): the simulated wire stamps its news in the market's
 * virtual time, real sources in the wall's. On the simulator's virtual clock a real article is
 * moved onto the market clock, as far from the market's now as it is from the wall's, so the
 * feed sorts and ages by one clock. On any other feed the market clock is the wall: no move.
 */
async function marketShift(config: Config, engine: ClockEngine, clock: Clock, log: Log) {
  const market = config.marketFeed;
  const virtual =
    market.kind === 'feed' && market.feed.kind === 'simulator' && market.feed.sim.clock === 'virtual';
  let offset = 0;
  const read = async () => {
    try {
      const status = JSON.parse(await engine.query({ kind: 'status' })) as { clock?: unknown };
      if (typeof status.clock === 'number') offset = status.clock - clock.now();
    } catch (error) {
      log.warn({ err: error }, 'market clock not read for news times');
    }
  };
  if (!virtual) return { shift: (ms: number) => ms, stop: () => {} };
  await read();
  const timer = clock.setInterval(() => void read(), MARKET_OFFSET_EVERY_MS);
  return { shift: (ms: number) => Math.max(0, Math.round(ms + offset)), stop: () => timer.cancel() };
}

export interface SourceStats extends NewsStats {
  /** Drafts waiting for the bus, and drafts dropped by the batcher. */
  queued: number;
  dropped: number;
  /** Failed starts (the source's own poll failures are in `failures`). */
  startFailures: number;
}

export interface NewsRunner {
  stats(): Partial<Record<NewsSourceName, SourceStats>>;
  stop(): Promise<void>;
}

export interface RunnerOptions {
  /** The sources to run instead of NEWS_SOURCES' (tests). */
  sources?: readonly NewsSource[];
  clock: Clock;
}

/**
 * Starts every configured source and returns at once: a source whose start fails is retried on
 * the backoff (5 s doubling to 10 min) without holding the engine's start or the other sources.
 * Drafts are checked against core's newsDraftSchema here (bad ones counted `malformed`, skipped)
 * and leave in messages of ≤ 50 articles / 512 KB, at most one a second per source.
 */
export async function startNewsSources(
  config: Config,
  bus: Bus,
  engine: NewsEngine,
  log: Log,
  options: RunnerOptions,
): Promise<NewsRunner> {
  const { clock } = options;
  const deps: SourceDeps = {
    config: config.news,
    engine,
    listed: engineListedSymbols(engine, clock),
    dataDir: config.dataDir,
    log,
    clock,
  };
  const sources = options.sources ?? createSources(deps);
  if (sources.length === 0 && config.news.warning) log.warn(config.news.warning);

  const market = await marketShift(config, engine, clock, log);
  const running = sources.map((source) => supervise(source, bus, log, clock, market.shift));
  if (running.length > 0) log.info({ sources: sources.map((s) => s.name) }, 'news sources running');
  return {
    stats: () => Object.fromEntries(running.map((r) => [r.source.name, r.stats()])),
    async stop() {
      market.stop();
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}

function supervise(source: NewsSource, bus: Bus, log: Log, clock: Clock, toMarket: (ms: number) => number) {
  const name = source.name;
  let malformed = 0;
  let startFailures = 0;
  let stopped = false;
  let retry: Timer | null = null;
  const backoff = new Backoff({ baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS });
  const batcher: DraftBatcher = createDraftBatcher({
    publish: (json) => bus.publish(NEWS_TOPICS.articles, json),
    clock,
    onError: (error) => log.warn({ err: error, source: name }, 'news drafts not published; retrying'),
  });

  const sink: NewsSink = {
    articles(drafts) {
      if (stopped) return;
      try {
        const good = [];
        for (const draft of drafts) {
          const parsed = newsDraftSchema.safeParse(draft);
          if (!parsed.success || parsed.data.source !== name) malformed++;
          // The simulated wire is on the market's clock already.
          else if (name === 'simulated') good.push(parsed.data);
          else good.push({ ...parsed.data, publishedAt: toMarket(parsed.data.publishedAt) });
        }
        batcher.push(good);
      } catch (error) {
        // A draft that cannot even be read (a getter that throws) stays the source's problem.
        malformed += drafts.length;
        log.warn({ err: error, source: name }, 'news drafts refused');
      }
    },
  };

  const start = () => {
    retry = null;
    if (stopped) return;
    let started: Promise<void>;
    try {
      started = source.start(sink);
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then(
      () => backoff.reset(),
      (error: unknown) => {
        startFailures++;
        const wait = backoff.next();
        log.warn({ err: error, source: name, retryInMs: wait }, 'news source did not start; retrying');
        if (!stopped) retry = clock.setTimeout(start, wait);
      },
    );
  };
  start();

  return {
    source,
    stats: (): SourceStats => {
      const own = safeStats(source);
      const queue = batcher.stats();
      return {
        ...own,
        malformed: own.malformed + malformed,
        queued: queue.queued,
        dropped: queue.dropped,
        startFailures,
      };
    },
    async stop() {
      stopped = true;
      retry?.cancel();
      batcher.stop();
      await Promise.resolve()
        .then(() => source.stop())
        .catch((error: unknown) => log.warn({ err: error, source: name }, 'news source stop failed'));
    },
  };
}

function safeStats(source: NewsSource): NewsStats {
  try {
    return source.stats();
  } catch {
    return { received: 0, malformed: 0, failures: 0, lastOkAt: null };
  }
}

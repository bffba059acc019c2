import {
  NEWS_EVENTS,
  NEWS_TOPICS,
  type NewsArticle,
  newsArticlesMessageSchema,
  newsDraftSchema,
  newsSyncMessageSchema,
  PROTOCOL_VERSION,
} from '@tapeline/core';
import type { Server } from 'socket.io';
import type { Bus, BusPayload } from '../../../platform/bus/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Log } from '../../../platform/log.ts';
import type { NewsRepository } from '../store/repository.ts';
import { prepareArticle } from './prepareArticle.ts';

// Every API node stores what the sources publish (docs/quotes-news.md §3 "Ingestion"): each
// hears every `news:articles` message, and the database decides which node's INSERT wins. That
// node alone pushes the new articles to the `news` room (the adapter reaches every node's
// sockets once) and tells the engine their times; the others found duplicates and say nothing.

export const NEWS_ROOM = 'news';
/** The engine asks for this much history after it starts (`news:sync`). */
export const SYNC_WINDOW_MS = 5 * 24 * 3600_000;
/** Rows per `news:times` answer to a sync: one message stays well under a megabyte. */
const SYNC_CHUNK = 5_000;

export interface IngestStats {
  messages: number;
  stored: number;
  duplicates: number;
  updated: number;
  malformed: number;
  failures: number;
}

export interface NewsIngest {
  stats(): IngestStats;
  /** Resolves once every message received so far is stored (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const text = (payload: BusPayload) => (typeof payload === 'string' ? payload : payload.toString('utf8'));

export async function startNewsIngest(deps: {
  bus: Bus;
  io: Server;
  news: NewsRepository;
  clock: Clock;
  log: Log;
}): Promise<NewsIngest> {
  const { bus, io, news, clock, log } = deps;
  const stats: IngestStats = { messages: 0, stored: 0, duplicates: 0, updated: 0, malformed: 0, failures: 0 };
  // Messages are stored one after another: a burst queues here instead of opening a
  // transaction per article at once on every node.
  let chain: Promise<void> = Promise.resolve();

  const store = async (payload: BusPayload) => {
    let drafts: unknown[];
    try {
      const message = newsArticlesMessageSchema.safeParse(JSON.parse(text(payload)));
      if (!message.success) throw new Error(message.error.issues[0]?.message ?? 'malformed');
      drafts = message.data.articles;
    } catch (error) {
      stats.malformed++;
      log.warn({ err: error }, 'news:articles message refused');
      return;
    }
    stats.messages++;
    const stored: NewsArticle[] = [];
    for (const raw of drafts) {
      const draft = newsDraftSchema.safeParse(raw);
      const article = draft.success ? prepareArticle(draft.data) : null;
      if (!article) {
        stats.malformed++;
        continue;
      }
      try {
        const outcome = await news.insert(article);
        if (outcome.kind === 'inserted') stored.push(outcome.article);
        else stats[outcome.kind === 'updated' ? 'updated' : 'duplicates']++;
      } catch (error) {
        stats.failures++;
        log.error(
          { err: error, source: article.source, sourceId: article.sourceId },
          'news article not stored',
        );
      }
    }
    if (stored.length === 0) return;
    stats.stored += stored.length;
    io.to(NEWS_ROOM).emit(NEWS_EVENTS.update, { v: PROTOCOL_VERSION, articles: stored });
    const items = stored.flatMap((a) =>
      a.symbols.map((symbol) => [symbol, Date.parse(a.publishedAt), a.kind === 'filing' ? 1 : 0] as const),
    );
    if (items.length > 0) await publishTimes(items);
  };

  const publishTimes = async (items: readonly (readonly [string, number, 0 | 1])[]) => {
    for (let at = 0; at < items.length; at += SYNC_CHUNK) {
      const chunk = items.slice(at, at + SYNC_CHUNK);
      await bus
        .publish(NEWS_TOPICS.times, JSON.stringify({ v: PROTOCOL_VERSION, items: chunk }))
        .catch((error: Error) => log.warn({ err: error }, 'news times not published'));
    }
  };

  const sync = async (payload: BusPayload) => {
    try {
      const message = newsSyncMessageSchema.safeParse(JSON.parse(text(payload)));
      if (!message.success) return;
      const since = new Date(clock.now() - SYNC_WINDOW_MS);
      await publishTimes(await news.newestTimes(since));
    } catch (error) {
      log.warn({ err: error }, 'news:sync not answered');
    }
  };

  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error: unknown) => {
      stats.failures++;
      log.error({ err: error }, 'news ingest failed');
    });
  };
  const stopArticles = await bus.subscribe(NEWS_TOPICS.articles, (payload) => enqueue(() => store(payload)));
  const stopSync = await bus.subscribe(NEWS_TOPICS.sync, (payload) => enqueue(() => sync(payload)));
  return {
    stats: () => ({ ...stats }),
    idle: () => chain,
    async stop() {
      await stopArticles();
      await stopSync();
      await chain;
    },
  };
}

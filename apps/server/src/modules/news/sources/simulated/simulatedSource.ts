import { z } from 'zod';
import { type Clock, systemClock } from '../../../../platform/clock.ts';
import { type PollLoop, startPollLoop } from '../../ingest/pollLoop.ts';
import type { NewsSink, NewsSource, NewsStats } from '../newsSource.ts';
import { SIM_NEWS_KINDS, type SimNewsItem, simulatedDraft } from './headlines.ts';

// The simulated wire (docs/quotes-news.md §3): the simulator's engine keeps the session's news
// items (runner catalysts, spikes, halts, filings) and answers `{kind:'simNews', since}` with
// those after `since`; this source asks every 2 s and writes their text from templates.

export const SIM_POLL_MS = 2_000;

/** The engine's query, as P1 declares it in `engine/protocol.ts`. */
export interface SimNewsQuery {
  kind: 'simNews';
  since: number;
}

/** What the source needs of the engine (the local thread, or the engine process over the bus). */
export interface SimNewsEngine {
  query(query: SimNewsQuery): Promise<string>;
}

const answerSchema = z.array(
  z.object({
    sym: z.string().min(1).max(16),
    name: z.string().max(200),
    ts: z.number().int().nonnegative(),
    kind: z.enum(SIM_NEWS_KINDS),
    form: z.string().max(20).optional(),
  }),
);

export interface SimulatedSourceOptions {
  engine: SimNewsEngine;
  pollMs?: number;
  clock?: Clock;
  onFailure?(error: Error, retryInMs: number): void;
}

export function createSimulatedSource(options: SimulatedSourceOptions): NewsSource {
  const clock = options.clock ?? systemClock;
  const stats: NewsStats = { received: 0, malformed: 0, failures: 0, lastOkAt: null };
  let since = 0;
  let loop: PollLoop | null = null;

  const poll = async (sink: NewsSink) => {
    const parsed = answerSchema.safeParse(JSON.parse(await options.engine.query({ kind: 'simNews', since })));
    if (!parsed.success) throw new Error(`simNews answer malformed: ${parsed.error.issues[0]?.message}`);
    const items: SimNewsItem[] = parsed.data.filter((item) => item.ts > since);
    if (items.length === 0) return;
    stats.received += items.length;
    sink.articles(items.map(simulatedDraft));
    since = Math.max(since, ...items.map((item) => item.ts));
  };

  return {
    name: 'simulated',
    async start(sink) {
      if (loop) return;
      loop = startPollLoop({
        poll: () => poll(sink),
        everyMs: options.pollMs ?? SIM_POLL_MS,
        clock,
        onSuccess: () => {
          stats.lastOkAt = clock.now();
        },
        onFailure: (error, wait) => {
          stats.failures++;
          options.onFailure?.(error, wait);
        },
      });
    },
    async stop() {
      await loop?.stop();
      loop = null;
    },
    stats: () => ({ ...stats }),
  };
}

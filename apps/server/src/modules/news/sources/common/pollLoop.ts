import { Backoff, type BackoffOptions } from '../../../market/feeds/backoff.ts';
import type { FeedLogger } from '../../../market/feeds/feed.ts';
import { CredentialsRefusedError } from './httpFetch.ts';
import type { MutableNewsStats } from './sourceStats.ts';

// The poll loop every HTTP news source runs, one per feed URL (or SEC form), so a feed that
// hangs or fails waits on its own timer and never on another's (docs/quotes-news.md §3
// "Ingestion"): a poll that throws, rejects, times out or returns garbage is caught, counted,
// logged and retried after a jittered backoff (5 s doubling to 10 min, reset after a good poll);
// refused credentials wait 10 minutes. Nothing escapes as an unhandled rejection.

export interface PollLoopOptions {
  /** For logs: "rss https://…", "sec 8-K". */
  name: string;
  intervalMs: number;
  /** Wait before the first poll (SEC staggers its forms over the interval). */
  initialDelayMs?: number;
  /** One poll; the signal aborts when the source stops. */
  poll: (signal: AbortSignal) => Promise<void>;
  logger: FeedLogger;
  stats: MutableNewsStats;
  now: () => number;
  /** Default 5 s doubling to 10 min. */
  backoff?: BackoffOptions;
  /** After refused credentials (default 10 min). */
  credentialsRetryMs?: number;
}

export const POLL_BACKOFF: BackoffOptions = { baseMs: 5_000, maxMs: 600_000 };
export const CREDENTIALS_RETRY_MS = 600_000;

export interface PollLoop {
  /** Cancels the timer, aborts a poll in flight and waits for it to settle. */
  stop(): Promise<void>;
}

export function startPollLoop(options: PollLoopOptions): PollLoop {
  const backoff = new Backoff({ ...POLL_BACKOFF, ...options.backoff });
  const controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();

  const schedule = (delay: number) => {
    if (controller.signal.aborted) return;
    timer = setTimeout(run, delay);
  };

  const run = () => {
    timer = null;
    inFlight = (async () => {
      try {
        await options.poll(controller.signal);
        if (controller.signal.aborted) return;
        backoff.reset();
        options.stats.lastOkAt = options.now();
        schedule(options.intervalMs);
      } catch (error) {
        if (controller.signal.aborted) return;
        options.stats.failures++;
        const refused = error instanceof CredentialsRefusedError;
        const delay = refused ? (options.credentialsRetryMs ?? CREDENTIALS_RETRY_MS) : backoff.next();
        const message = error instanceof Error ? error.message : String(error);
        const log = refused ? options.logger.error : options.logger.warn;
        log.call(options.logger, `${options.name}: poll failed (${message}); next attempt in ${delay} ms`);
        schedule(delay);
      }
    })();
  };

  schedule(options.initialDelayMs ?? 0);
  return {
    async stop() {
      controller.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}

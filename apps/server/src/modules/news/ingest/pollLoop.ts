import { type Clock, systemClock, type Timer } from '../../../platform/clock.ts';
import { Backoff } from '../../market/feeds/backoff.ts';

// The supervised loop every polling news source runs (docs/quotes-news.md §3 "how it fails"): a
// poll that throws, rejects or outlives its deadline is caught, counted and retried on a jittered
// backoff (5 s doubling to 10 min, reset by a good poll); refused credentials wait 10 minutes.
// Each source has its own loop and clock, so one source's trouble never delays another's.

export const POLL_TIMEOUT_MS = 15_000;
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 10 * 60_000;
/** Credentials the vendor refused: asking again sooner changes nothing and may lock the account. */
export const CREDENTIALS_WAIT_MS = 10 * 60_000;

export class PollTimeoutError extends Error {
  constructor(ms: number) {
    super(`poll took over ${ms} ms`);
    this.name = 'PollTimeoutError';
  }
}

export interface PollLoopOptions {
  /** One poll; `signal` aborts at the deadline or on stop. Resolving counts as a good poll. */
  poll(signal: AbortSignal): Promise<void>;
  /** Wait between good polls. */
  everyMs: number;
  timeoutMs?: number;
  /** A failure's own wait (refused credentials → CREDENTIALS_WAIT_MS); null: the backoff's. */
  waitAfter?(error: Error): number | null;
  onSuccess?(): void;
  onFailure?(error: Error, retryInMs: number): void;
  clock?: Clock;
  /** Jitter source for the backoff; tests fix it. */
  random?: () => number;
}

export interface PollLoop {
  /** Resolves once the poll under way (if any) has settled; no poll starts after. */
  stop(): Promise<void>;
}

/** Starts polling at once, then every `everyMs` after a good poll, on backoff after a bad one. */
export function startPollLoop(options: PollLoopOptions): PollLoop {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? POLL_TIMEOUT_MS;
  const backoff = new Backoff({ baseMs: RETRY_BASE_MS, maxMs: RETRY_MAX_MS, random: options.random });
  let stopped = false;
  let timer: Timer | null = null;
  let current: AbortController | null = null;
  let running: Promise<void> = Promise.resolve();

  const once = async () => {
    const controller = new AbortController();
    current = controller;
    let expire: (error: Error) => void = () => {};
    const expired = new Promise<never>((_, reject) => {
      expire = reject;
    });
    const deadline = clock.setTimeout(() => {
      const error = new PollTimeoutError(timeoutMs);
      controller.abort(error);
      expire(error);
    }, timeoutMs);
    expired.catch(() => {});
    try {
      // A poll that ignores its signal still ends here at the deadline; its promise is left behind.
      await Promise.race([options.poll(controller.signal), expired]);
      backoff.reset();
      if (!stopped) options.onSuccess?.();
      next(options.everyMs);
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const wait = options.waitAfter?.(error) ?? backoff.next();
      if (!stopped) options.onFailure?.(error, wait);
      next(wait);
    } finally {
      deadline.cancel();
      current = null;
    }
  };

  const next = (ms: number) => {
    if (stopped) return;
    timer = clock.setTimeout(() => {
      timer = null;
      running = once();
    }, ms);
  };

  running = once();
  return {
    async stop() {
      stopped = true;
      timer?.cancel();
      (current as AbortController | null)?.abort(new Error('stopped'));
      await running;
    },
  };
}

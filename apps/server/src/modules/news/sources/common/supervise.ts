import { CREDENTIALS_WAIT_MS, type PollLoop, startPollLoop } from '../../ingest/pollLoop.ts';
import { CredentialsRefusedError } from './httpFetch.ts';
import type { ResolvedCommon } from './sourceOptions.ts';
import type { MutableNewsStats } from './sourceStats.ts';

// One supervised poll loop (the runner's ingest/pollLoop.ts: deadline, jittered backoff, 10 min
// after refused credentials) with this source's counters and log lines. Each feed URL or SEC form
// gets its own, so one that hangs never delays another.

export function superviseLoop(
  name: string,
  c: ResolvedCommon,
  stats: MutableNewsStats,
  poll: (signal: AbortSignal) => Promise<void>,
): PollLoop {
  return startPollLoop({
    poll,
    everyMs: c.pollMs,
    timeoutMs: c.timeoutMs,
    clock: c.clock,
    random: c.random,
    waitAfter: (error) => (error instanceof CredentialsRefusedError ? CREDENTIALS_WAIT_MS : null),
    onSuccess: () => {
      stats.lastOkAt = c.clock.now();
    },
    onFailure: (error, retryInMs) => {
      stats.failures++;
      const line = `${name}: poll failed (${error.message}); next attempt in ${retryInMs} ms`;
      if (error instanceof CredentialsRefusedError) c.logger.error(line);
      else c.logger.warn(line);
    },
  });
}

/** Starts a loop after `delayMs` (SEC staggers its forms over the poll interval). */
export function superviseLoopLater(delayMs: number, ...args: Parameters<typeof superviseLoop>): PollLoop {
  const c = args[1];
  if (delayMs <= 0) return superviseLoop(...args);
  let loop: PollLoop | null = null;
  let cancelled = false;
  const handle = c.clock.setTimeout(() => {
    if (!cancelled) loop = superviseLoop(...args);
  }, delayMs);
  return {
    async stop() {
      cancelled = true;
      handle.cancel();
      await (loop as PollLoop | null)?.stop();
    },
  };
}

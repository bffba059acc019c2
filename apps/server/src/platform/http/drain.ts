import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Clock } from '../clock.ts';

/** How long a stopping server lets requests in flight finish before it closes every connection. */
export const DRAIN_GRACE_MS = 8_000;

export interface HttpDrain {
  /** Requests whose answer has not finished. */
  inFlight(): number;
  /**
   * Stops taking connections and drains (SIGTERM, main.ts): idle keep-alive connections close
   * now; each request in flight (or arriving on an open connection meanwhile) is answered with
   * `Connection: close`, its connection closing after it; after `graceMs` whatever is left is
   * closed. Resolves when no request is in flight or the grace is over.
   */
  drain(graceMs?: number): Promise<void>;
}

/**
 * Tracks the server's requests from its start, so a stop can let them finish (Fastify's own
 * close answers 503 to what arrives after it and leaves kept-alive connections open until their
 * 72 s timeout, which the 10 s shutdown limit would then cut).
 */
export function trackHttpDrain(server: Server, clock: Pick<Clock, 'setTimeout' | 'defer'>): HttpDrain {
  const open = new Set<ServerResponse>();
  let draining = false;
  let drained: (() => void) | null = null;
  const settle = () => {
    if (!draining) return;
    server.closeIdleConnections();
    if (open.size === 0) drained?.();
  };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    if (draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      open.delete(res);
      // After this turn: the connection turns idle once the response is written out.
      clock.defer(settle);
    });
  });
  return {
    inFlight: () => open.size,
    async drain(graceMs = DRAIN_GRACE_MS) {
      if (draining) return;
      draining = true;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
      const done = new Promise<void>((resolve) => {
        drained = resolve;
      });
      // No new connections; the listening socket closes at once (its callback waits for the rest).
      server.close();
      const grace = clock.setTimeout(() => drained?.(), graceMs);
      settle();
      await done;
      grace.cancel();
      server.closeAllConnections();
    },
  };
}

import { QueryClient } from '@tanstack/react-query';
import { failureOf } from './api.ts';

// The one place a failed read is retried (issue 27 §9): a busy server's 503 or a timeout often
// passes in a second or two, so a read tries again before a screen says it failed. What the
// server refused on purpose (a 4xx: bad input, no right, gone) would only fail again.

/** Tries after the first: 3 reads in all. */
export const QUERY_RETRIES = 2;

/** Waits before retry n (0-based): 1 s, then 3 s; with the 5 s timeout a read gives up within ~20 s. */
export const QUERY_RETRY_DELAYS_MS = [1_000, 3_000] as const;

/** Whether a failed read is worth trying again: the network, a timeout, a 5xx or a 429. */
export function isTransient(error: unknown): boolean {
  const failure = failureOf(error);
  if (failure.kind === 'network') return true;
  return failure.kind === 'api' && (failure.status >= 500 || failure.status === 429);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isTransient(error);
}

/** The app's client: reads retry with back-off; writes never (a repeated POST could act twice). */
export function makeQueryClient(options: { retryDelayMs?: (attempt: number) => number } = {}): QueryClient {
  const retryDelay =
    options.retryDelayMs ?? ((attempt: number) => QUERY_RETRY_DELAYS_MS[attempt] ?? QUERY_RETRY_DELAYS_MS[1]);
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry, retryDelay }, mutations: { retry: false } },
  });
}

import { messages } from '@tapeline/core';
import type { Clock } from '../../platform/clock.ts';
import { HttpError } from '../../platform/http/errors.ts';

/**
 * What the voice host needs of the market engine, local thread or engine process over the bus:
 * whether one is known (`status`, null when not) and its `names` query (`[{s, n}]`).
 */
export interface NamesSource {
  readonly status: unknown;
  query(query: { kind: 'names' }): Promise<string>;
}

/** Listed symbols and their company names (an empty name when the feed gives none). */
export interface NameBook {
  /** The symbol's name ('' when it has none), null when it is not listed; 503 when no engine can tell. */
  nameOf(symbol: string): Promise<string | null>;
}

/** The engine's answer is reused this long: a burst of clips must not parse every name each time. */
export const NAMES_CACHE_MS = 30_000;

const unavailable = () =>
  new HttpError(503, 'engine_unavailable', messages.serviceNotAvailable, false, { 'retry-after': '5' });

/**
 * The engine's listing, asked at most once per NAMES_CACHE_MS (clock injected). Without an engine,
 * or with one that has no listing yet, nothing can be checked: a clip not already on disk is a
 * retryable 503 rather than speech for a symbol that may not exist.
 */
export function engineNameBook(source: NamesSource, clock: Clock): NameBook {
  let cached: { names: ReadonlyMap<string, string>; at: number } | null = null;
  let asking: Promise<ReadonlyMap<string, string>> | null = null;

  const load = async (): Promise<ReadonlyMap<string, string>> => {
    if (source.status === null) throw unavailable();
    let json: string;
    try {
      json = await source.query({ kind: 'names' });
    } catch {
      throw unavailable();
    }
    const list = JSON.parse(json) as { s: string; n?: string }[];
    if (list.length === 0) throw unavailable();
    return new Map(list.map((entry) => [entry.s, entry.n ?? '']));
  };

  return {
    async nameOf(symbol) {
      const now = clock.now();
      if (!cached || now - cached.at >= NAMES_CACHE_MS) {
        // One question at a time: concurrent clips share the answer.
        asking ??= load().finally(() => {
          asking = null;
        });
        cached = { names: await asking, at: now };
      }
      return cached.names.get(symbol) ?? null;
    },
  };
}

import { messages } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import { singleFlight } from '../../platform/singleFlight.ts';

/** The symbols the market knows, or null when this node cannot tell (no engine, none loaded yet). */
export interface SymbolUniverse {
  symbols(): Promise<ReadonlySet<string> | null>;
}

/**
 * What this module needs of the market engine, local thread or engine process over the bus:
 * whether one is known to run (`status`, null when not) and its `names` query (`[{s, n}]`).
 */
export interface NamesSource {
  readonly status: unknown;
  query(query: { kind: 'names' }): Promise<string>;
}

/** No engine anywhere (MARKET_FEED=off, no engine process): callers fall back to the pattern. */
export const unknownUniverse: SymbolUniverse = { symbols: async () => null };

/**
 * The engine's listed symbols (test symbols are already left out there). An engine that knows
 * none yet has not loaded its reference data, so it counts as not knowing. An engine that is
 * there but does not answer is a retryable 503: accepting unchecked symbols would hide the fault.
 */
export function engineUniverse(engine: NamesSource | null): SymbolUniverse {
  if (!engine) return unknownUniverse;
  return {
    async symbols() {
      if (engine.status === null) return null;
      let json: string;
      try {
        json = await engine.query({ kind: 'names' });
      } catch {
        throw new HttpError(503, 'engine_unavailable', messages.serviceNotAvailable, false, {
          'retry-after': '5',
        });
      }
      const names = JSON.parse(json) as { s: string }[];
      return names.length > 0 ? new Set(names.map((name) => name.s)) : null;
    },
  };
}

/** A universe's last answer is reused this long: votes and imports must not parse every name each time. */
export const UNIVERSE_CACHE_MS = 30_000;

/**
 * The same universe, asked at most once per UNIVERSE_CACHE_MS. Only a known list is kept: while
 * the engine has none (starting, reference data not loaded) every call asks again, so symbols
 * count as soon as it has them. Single-flight: callers that ask while a lookup runs share it
 * (a burst of posts or imports is one `names` query, not one each). Time comes from the
 * injected clock.
 */
export function cachedUniverse(universe: SymbolUniverse, clock: { now(): Date }): SymbolUniverse {
  let cached: { symbols: ReadonlySet<string>; at: number } | null = null;
  const lookup = singleFlight(async (_key: 'names') => {
    const at = clock.now().getTime();
    const symbols = await universe.symbols();
    cached = symbols ? { symbols, at } : null;
    return symbols;
  });
  return {
    async symbols() {
      const now = clock.now().getTime();
      if (cached && now - cached.at < UNIVERSE_CACHE_MS) return cached.symbols;
      return lookup('names');
    },
  };
}

import type { Env } from './config.ts';
import { ConfigError } from './configError.ts';

// MARKET_FEED and the feeds' own settings, read from the parsed environment once (config.ts).

export const FEED_KINDS = ['simulator', 'replay', 'massive', 'alpaca'] as const;
/** The feeds that deliver market data (`modules/market/feeds/`). */
export type FeedKind = (typeof FEED_KINDS)[number];

/** One feed's settings, by kind: what `createFeed` builds. MARKET_RECORD may wrap any of them. */
export type FeedConfig = { readonly recordFile: string | null } & (
  | {
      readonly kind: 'simulator';
      readonly sim: {
        readonly clock: 'virtual' | 'wall';
        /** Virtual seconds per wall second. */
        readonly speed: number;
        readonly seed: number;
        readonly symbols: number;
        readonly tradesPerSecond: number;
      };
    }
  /** `speed`: 1 = recorded pace; Infinity for `max`. `symbolsFile`: MARKET_SYMBOLS. */
  | {
      readonly kind: 'replay';
      readonly file: string;
      readonly speed: number;
      readonly symbolsFile: string | null;
    }
  | {
      readonly kind: 'massive';
      readonly apiKey: string;
      readonly url: string;
      readonly symbolsFile: string | null;
    }
  | {
      readonly kind: 'alpaca';
      readonly keyId: string;
      readonly secretKey: string;
      readonly feed: 'iex' | 'sip';
      readonly url: string;
      readonly symbolsFile: string | null;
    }
);

/**
 * MARKET_FEED, parsed once. `name` is the variable as written (logs and the engine's status).
 * - `off`: this node runs no engine.
 * - `manual`: a hand-fed engine (EngineHost.push), its clock at `manual:<ISO time>` if given.
 * - `feed`: this node runs the feed (ROLE=all or engine), with every setting checked.
 * - `remote`: ROLE=api; the engine process runs the feed, so this node reads none of its settings
 *   (its keys may live only there) and only reports the kind (`/api/config`'s `simulated`).
 */
export type MarketFeedConfig =
  | { readonly kind: 'off'; readonly name: string }
  | { readonly kind: 'manual'; readonly name: string; readonly clockStart: number | null }
  | { readonly kind: 'feed'; readonly name: string; readonly feed: FeedConfig }
  | { readonly kind: 'remote'; readonly name: string; readonly feed: FeedKind };

/** What MARKET_FEED names: a feed kind, `off` or `manual`, whether or not this node runs it. */
export function feedKindOf(market: MarketFeedConfig): FeedKind | 'off' | 'manual' {
  switch (market.kind) {
    case 'feed':
      return market.feed.kind;
    case 'remote':
      return market.feed;
    default:
      return market.kind;
  }
}

/** `manual:<ISO time>` starts a hand-fed engine's clock there, so tests can use any session. */
function manualClockStart(name: string): number | null {
  const iso = /^manual:(.+)$/.exec(name)?.[1];
  const ts = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ts) ? ts : null;
}

/** A provider's keys would fail at its first connection; fail at start instead, naming them all. */
function requireKeys(env: Env, names: readonly (keyof Env)[], feed: string): void {
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.map((n) => `${n}: is required when MARKET_FEED=${feed}`).join('\n  ')}`,
    );
  }
}

function feedConfig(env: Env, kind: FeedKind, name: string): FeedConfig {
  const recordFile = env.MARKET_RECORD ?? null;
  const symbolsFile = env.MARKET_SYMBOLS ?? null;
  switch (kind) {
    case 'simulator':
      return {
        kind,
        recordFile,
        sim: {
          clock: env.SIM_CLOCK,
          speed: env.SIM_SPEED,
          seed: env.SIM_SEED,
          symbols: env.SIM_SYMBOLS,
          tradesPerSecond: env.SIM_TRADE_RATE,
        },
      };
    case 'replay':
      return { kind, recordFile, file: name.slice('replay:'.length), speed: env.REPLAY_SPEED, symbolsFile };
    case 'massive':
      requireKeys(env, ['MASSIVE_API_KEY'], kind);
      return { kind, recordFile, apiKey: env.MASSIVE_API_KEY ?? '', url: env.MASSIVE_WS_URL, symbolsFile };
    case 'alpaca':
      requireKeys(env, ['ALPACA_KEY_ID', 'ALPACA_SECRET_KEY'], kind);
      return {
        kind,
        recordFile,
        keyId: env.ALPACA_KEY_ID ?? '',
        secretKey: env.ALPACA_SECRET_KEY ?? '',
        feed: env.ALPACA_FEED,
        url: env.ALPACA_WS_URL ?? `wss://stream.data.alpaca.markets/v2/${env.ALPACA_FEED}`,
        symbolsFile,
      };
  }
}

export function marketFeedConfig(env: Env): MarketFeedConfig {
  const name = env.MARKET_FEED;
  if (name === 'off') {
    if (env.ROLE === 'engine') {
      throw new ConfigError('Invalid configuration:\n  MARKET_FEED: the engine role needs a feed, not off');
    }
    return { kind: 'off', name };
  }
  if (name === 'manual' || name.startsWith('manual:')) {
    return { kind: 'manual', name, clockStart: manualClockStart(name) };
  }
  // The schema's pattern leaves the four feeds, replay with its file after the colon.
  const kind = FEED_KINDS.find((k) => name === k || name.startsWith(`${k}:`)) ?? 'simulator';
  if (env.ROLE === 'api') return { kind: 'remote', name, feed: kind };
  return { kind: 'feed', name, feed: feedConfig(env, kind, name) };
}

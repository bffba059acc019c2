import path from 'node:path';
import type { FeedLabel } from '@tapeline/core';
import { ConfigError } from './configError.ts';
import type { Env } from './envSchema.ts';

// MARKET_FEED and the feeds' own settings, read from the parsed environment once (config.ts).

export const FEED_KINDS = ['simulator', 'replay', 'massive', 'alpaca'] as const;
/** The feeds that deliver market data (`modules/market/feeds/`). */
export type FeedKind = (typeof FEED_KINDS)[number];

/**
 * The real feeds' history at start (HISTORY_*; docs/continuity.md §5): whether to fetch it, how
 * many sessions of daily bars, and how many symbols get intraday bars.
 */
export interface HistorySettings {
  readonly backfill: boolean;
  readonly sessions: number;
  readonly intradayMax: number;
  /** Where the vendor's per-symbol details are kept between starts (DATA_DIR/engine). */
  readonly cacheDir: string;
}

/** HALTS_SOURCE: the real feeds' second source of halts; null: the feed's own only. */
export type HaltsSettings = { readonly source: 'nasdaqtrader'; readonly url: string } | null;

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
        /** SIM_START (ms): where virtual time starts; null: the opening bell (or now, wall clock). */
        readonly start: number | null;
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
      /** MASSIVE_REST_URL without a trailing slash. */
      readonly restUrl: string;
      readonly history: HistorySettings;
      readonly symbolsFile: string | null;
      readonly halts: HaltsSettings;
    }
  | {
      readonly kind: 'alpaca';
      readonly keyId: string;
      readonly secretKey: string;
      readonly feed: 'iex' | 'sip';
      readonly url: string;
      /** ALPACA_DATA_URL and ALPACA_TRADING_URL without a trailing slash. */
      readonly dataUrl: string;
      readonly tradingUrl: string;
      readonly history: HistorySettings;
      readonly symbolsFile: string | null;
      /** MARKET_SYMBOLS_WATCH: what to stream when the plan refuses the whole market. */
      readonly watch: readonly string[];
      readonly halts: HaltsSettings;
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

/** HISTORY_*: backfill is on unless switched off (the real feeds are the only ones that read it). */
function historySettings(env: Env): HistorySettings {
  return {
    backfill: env.HISTORY_BACKFILL !== 'off',
    sessions: env.HISTORY_SESSIONS,
    intradayMax: env.HISTORY_INTRADAY_MAX,
    cacheDir: path.resolve(env.DATA_DIR, 'engine'),
  };
}

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

/** HALTS_SOURCE: on by default with a real feed; the simulator and a replay have their own halts. */
function haltsSettings(env: Env, kind: FeedKind): HaltsSettings {
  const real = kind === 'massive' || kind === 'alpaca';
  if (env.HALTS_SOURCE === 'nasdaqtrader' && !real) {
    throw new ConfigError(
      `Invalid configuration:\n  HALTS_SOURCE: nasdaqtrader needs a real feed (MARKET_FEED=massive or alpaca), not ${kind}`,
    );
  }
  if (!real || env.HALTS_SOURCE === 'off') return null;
  return { source: 'nasdaqtrader', url: env.HALTS_URL };
}

function feedConfig(env: Env, kind: FeedKind, name: string): FeedConfig {
  const recordFile = env.MARKET_RECORD ?? null;
  const symbolsFile = env.MARKET_SYMBOLS ?? null;
  switch (kind) {
    case 'simulator':
      haltsSettings(env, kind);
      return {
        kind,
        recordFile,
        sim: {
          clock: env.SIM_CLOCK,
          speed: env.SIM_SPEED,
          seed: env.SIM_SEED,
          symbols: env.SIM_SYMBOLS,
          tradesPerSecond: env.SIM_TRADE_RATE,
          start: env.SIM_START ?? null,
        },
      };
    case 'replay':
      haltsSettings(env, kind);
      return { kind, recordFile, file: name.slice('replay:'.length), speed: env.REPLAY_SPEED, symbolsFile };
    case 'massive':
      requireKeys(env, ['MASSIVE_API_KEY'], kind);
      return {
        kind,
        recordFile,
        apiKey: env.MASSIVE_API_KEY ?? '',
        url: env.MASSIVE_WS_URL,
        restUrl: withoutSlash(env.MASSIVE_REST_URL),
        history: historySettings(env),
        symbolsFile,
        halts: haltsSettings(env, kind),
      };
    case 'alpaca':
      requireKeys(env, ['ALPACA_KEY_ID', 'ALPACA_SECRET_KEY'], kind);
      return {
        kind,
        recordFile,
        keyId: env.ALPACA_KEY_ID ?? '',
        secretKey: env.ALPACA_SECRET_KEY ?? '',
        feed: env.ALPACA_FEED,
        url: env.ALPACA_WS_URL ?? `wss://stream.data.alpaca.markets/v2/${env.ALPACA_FEED}`,
        dataUrl: withoutSlash(env.ALPACA_DATA_URL),
        tradingUrl: withoutSlash(env.ALPACA_TRADING_URL),
        history: historySettings(env),
        symbolsFile,
        watch: env.MARKET_SYMBOLS_WATCH ?? [],
        halts: haltsSettings(env, kind),
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

/**
 * What the feed is to a trader and how its clock runs (issue 23 §3, §5), from MARKET_FEED and the
 * feeds' settings — read on every node, the API role too (none of them is a secret).
 * `rate`: market ms per wall ms; null when only the engine's samples tell it (a replay at `max`).
 */
export interface MarketSource {
  readonly label: FeedLabel | null;
  readonly rate: number | null;
}

/** A Massive websocket on its delayed host (`wss://delayed.massive.com/stocks`) is 15 minutes behind. */
const isDelayedUrl = (url: string) => {
  try {
    return new URL(url).hostname.split('.').includes('delayed');
  } catch {
    return false;
  }
};

export function marketSourceOf(env: Env, market: MarketFeedConfig): MarketSource {
  switch (feedKindOf(market)) {
    case 'simulator':
      return { label: 'SIMULATED', rate: env.SIM_CLOCK === 'virtual' ? env.SIM_SPEED : 1 };
    case 'replay':
      return { label: 'REPLAY', rate: Number.isFinite(env.REPLAY_SPEED) ? env.REPLAY_SPEED : null };
    case 'alpaca':
      return { label: env.ALPACA_FEED === 'sip' ? 'SIP' : 'IEX', rate: 1 };
    case 'massive':
      return { label: isDelayedUrl(env.MASSIVE_WS_URL) ? 'DELAYED' : 'SIP', rate: 1 };
    case 'manual':
      // A hand-fed engine's clock moves only with the events pushed into it.
      return { label: null, rate: 0 };
    case 'off':
      return { label: null, rate: null };
  }
}

// Feed settings from the environment, checked up front: a wrong value fails at start with the
// variable's name, never later on the hot path. To be merged into platform/config.ts.

export type FeedKind = 'simulator' | 'replay' | 'massive' | 'alpaca';

export interface FeedConfig {
  readonly feed: FeedKind;
  /** MARKET_FEED=replay:<file>. */
  readonly replayFile: string | null;
  /** MARKET_SYMBOLS: JSON array of ReferenceData (replay, massive, alpaca). */
  readonly symbolsFile: string | null;
  /** REPLAY_SPEED: 1 = recorded pace; Infinity for `max`. */
  readonly replaySpeed: number;
  /** MARKET_RECORD: NDJSON file every event is appended to. */
  readonly recordFile: string | null;
  readonly sim: {
    readonly clock: 'virtual' | 'wall';
    readonly speed: number;
    readonly seed: number;
    readonly symbols: number;
    readonly tradesPerSecond: number;
  };
  readonly massive: { readonly apiKey: string; readonly url: string } | null;
  readonly alpaca: {
    readonly keyId: string;
    readonly secretKey: string;
    readonly feed: 'iex' | 'sip';
    readonly url: string;
  } | null;
}

export class FeedConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = 'FeedConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function str(env: Env, name: string): string | null {
  const v = env[name]?.trim();
  return v ? v : null;
}

function required(env: Env, name: string, when: string): string {
  const v = str(env, name);
  if (v === null) throw new FeedConfigError(name, `is required when ${when}`);
  return v;
}

function num(env: Env, name: string, fallback: number, check: (n: number) => boolean, rule: string): number {
  const v = str(env, name);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || !check(n)) throw new FeedConfigError(name, `must be ${rule} (got "${v}")`);
  return n;
}

function wsUrl(env: Env, name: string, fallback: string): string {
  const v = str(env, name) ?? fallback;
  try {
    const { protocol } = new URL(v);
    if (protocol === 'ws:' || protocol === 'wss:') return v;
  } catch {}
  throw new FeedConfigError(name, `must be a ws:// or wss:// URL (got "${v}")`);
}

export function readFeedConfig(env: Env = process.env): FeedConfig {
  const raw = str(env, 'MARKET_FEED') ?? 'simulator';
  let feed: FeedKind;
  let replayFile: string | null = null;
  if (raw.startsWith('replay:') && raw.length > 'replay:'.length) {
    feed = 'replay';
    replayFile = raw.slice('replay:'.length);
  } else if (raw === 'simulator' || raw === 'massive' || raw === 'alpaca') {
    feed = raw;
  } else {
    throw new FeedConfigError(
      'MARKET_FEED',
      `must be simulator, replay:<file>, massive or alpaca (got "${raw}")`,
    );
  }
  const speedRaw = str(env, 'REPLAY_SPEED');
  const replaySpeed =
    speedRaw === 'max'
      ? Number.POSITIVE_INFINITY
      : num(env, 'REPLAY_SPEED', 1, (n) => n > 0, 'a positive number or max');
  const clock = str(env, 'SIM_CLOCK') ?? 'virtual';
  if (clock !== 'virtual' && clock !== 'wall') {
    throw new FeedConfigError('SIM_CLOCK', `must be virtual or wall (got "${clock}")`);
  }
  const alpacaFeed = str(env, 'ALPACA_FEED') ?? 'iex';
  if (alpacaFeed !== 'iex' && alpacaFeed !== 'sip') {
    throw new FeedConfigError('ALPACA_FEED', `must be iex or sip (got "${alpacaFeed}")`);
  }
  return {
    feed,
    replayFile,
    symbolsFile: str(env, 'MARKET_SYMBOLS'),
    replaySpeed,
    recordFile: str(env, 'MARKET_RECORD'),
    sim: {
      clock,
      speed: num(env, 'SIM_SPEED', 1, (n) => n > 0 && n <= 10_000, 'a number above 0 and at most 10000'),
      seed: num(
        env,
        'SIM_SEED',
        1,
        (n) => Number.isInteger(n) && n >= 0 && n < 2 ** 32,
        'an integer 0…4294967295',
      ),
      symbols: num(
        env,
        'SIM_SYMBOLS',
        10_000,
        (n) => Number.isInteger(n) && n >= 3 && n <= 50_000,
        'an integer 3…50000',
      ),
      tradesPerSecond: num(
        env,
        'SIM_TRADE_RATE',
        5_000,
        (n) => n > 0 && n <= 1_000_000,
        'a number above 0 and at most 1000000',
      ),
    },
    massive:
      feed === 'massive'
        ? {
            apiKey: required(env, 'MASSIVE_API_KEY', 'MARKET_FEED=massive'),
            url: wsUrl(env, 'MASSIVE_WS_URL', 'wss://socket.massive.com/stocks'),
          }
        : null,
    alpaca:
      feed === 'alpaca'
        ? {
            keyId: required(env, 'ALPACA_KEY_ID', 'MARKET_FEED=alpaca'),
            secretKey: required(env, 'ALPACA_SECRET_KEY', 'MARKET_FEED=alpaca'),
            feed: alpacaFeed,
            url: wsUrl(env, 'ALPACA_WS_URL', `wss://stream.data.alpaca.markets/v2/${alpacaFeed}`),
          }
        : null,
  };
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argsToEnv, ConfigError, type FeedConfig, loadConfig } from './config.ts';

/** loadConfig throws a ConfigError with a line that starts with the variable's name. */
function expectRefusalNaming(env: Record<string, string>, variable: string): void {
  let error: unknown;
  try {
    loadConfig(env);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toMatch(new RegExp(`^\\s+${variable}: `, 'm'));
}

/** The settings of the feed this node runs (ROLE=all by default). */
function feedOf(env: Record<string, string>): FeedConfig {
  const market = loadConfig(env).marketFeed;
  if (market.kind !== 'feed') throw new Error(`expected a feed, got ${market.kind}`);
  return market.feed;
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      appUrl: 'http://localhost:8080',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: undefined,
      jwtTtlMs: 168 * 3600_000,
      googleClientId: undefined,
      logLevel: 'info',
      trustProxy: false,
      rateLimitScale: 1,
    });
    expect(path.isAbsolute(config.webDist)).toBe(true);
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('resolves DATA_DIR and WEB_DIST to absolute paths', () => {
    const config = loadConfig({ DATA_DIR: 'var/tapeline', WEB_DIST: 'build/web' });
    expect(config.dataDir).toBe(path.resolve('var/tapeline'));
    expect(config.webDist).toBe(path.resolve('build/web'));
  });

  it('derives APP_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '3000' }).appUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['https://tapeline.example/', 'https://tapeline.example'],
    ['https://tapeline.example///', 'https://tapeline.example'],
    ['https://example.com/tapeline/', 'https://example.com/tapeline'],
  ])('trims trailing slashes from APP_URL %s', (raw, expected) => {
    expect(loadConfig({ APP_URL: raw }).appUrl).toBe(expected);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, logLevel: 'info' });
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '9000',
      DATABASE_URL: 'postgresql://u:p@db:5432/tapeline',
      REDIS_URL: 'rediss://cache:6380',
      SMTP_URL: 'smtps://user:pass@mail:465',
      JWT_SECRET: 'x'.repeat(32),
      JWT_TTL_HOURS: '1.5',
      TRUST_PROXY: 'true',
      RATE_LIMIT_SCALE: '0.5',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 9000,
      databaseUrl: 'postgresql://u:p@db:5432/tapeline',
      redisUrl: 'rediss://cache:6380',
      smtpUrl: 'smtps://user:pass@mail:465',
      jwtTtlMs: 1.5 * 3600_000,
      trustProxy: true,
      rateLimitScale: 0.5,
      logLevel: 'warn',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache'],
    ['SMTP_URL', 'mail.example.com'],
    ['APP_URL', 'ftp://tapeline.example'],
    ['JWT_SECRET', 'x'.repeat(31)],
    ['JWT_TTL_HOURS', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'yes'],
    ['RATE_LIMIT_SCALE', '-1'],
    ['GOOGLE_JWKS_URL', 'file:///etc/passwd'],
  ])('refuses %s=%s with a ConfigError naming it', (variable, value) => {
    expectRefusalNaming({ [variable]: value }, variable);
  });

  it('names every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:/);
  });

  it('never echoes a secret it refuses', () => {
    expect(() => loadConfig({ JWT_SECRET: 'hunter2-short' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2-short') }),
    );
  });

  it('runs every role in one process by default, with the shared bus namespace', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', busPrefix: 'tapeline:bus:' });
    expect(loadConfig({ ROLE: 'api', BUS_PREFIX: 'staging:bus:' })).toMatchObject({
      role: 'api',
      busPrefix: 'staging:bus:',
    });
  });

  it.each([
    ['ROLE', 'worker'],
    ['BUS_PREFIX', 'has spaces'],
  ])('refuses %s=%s naming it', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^\\s+${variable}: `, 'm'));
  });

  it('reads a symbol icon URL template, which must be http(s) and name {symbol}', () => {
    expect(loadConfig({}).symbolIconUrl).toBeUndefined();
    const template = 'https://cdn.example/icons/{symbol}.png';
    expect(loadConfig({ SYMBOL_ICON_URL: template }).symbolIconUrl).toBe(template);
    expect(() => loadConfig({ SYMBOL_ICON_URL: 'https://cdn.example/icons/logo.png' })).toThrow(
      /SYMBOL_ICON_URL: must contain \{symbol\}/,
    );
    expect(() => loadConfig({ SYMBOL_ICON_URL: 'ftp://cdn.example/{symbol}.png' })).toThrow(
      /SYMBOL_ICON_URL: /,
    );
  });

  it('refuses the engine role without a feed', () => {
    expect(() => loadConfig({ ROLE: 'engine', MARKET_FEED: 'off' })).toThrow(/MARKET_FEED: the engine role/);
    expect(loadConfig({ ROLE: 'engine' }).marketFeed).toMatchObject({
      kind: 'feed',
      name: 'simulator',
      feed: { kind: 'simulator' },
    });
  });

  it('checkpoints the engine every 10 s unless ENGINE_CHECKPOINT_MS says otherwise (1 s at least)', () => {
    expect(loadConfig({}).engineCheckpointMs).toBe(10_000);
    expect(loadConfig({ ENGINE_CHECKPOINT_MS: '1000' }).engineCheckpointMs).toBe(1000);
    expect(() => loadConfig({ ENGINE_CHECKPOINT_MS: '50' })).toThrow(/ENGINE_CHECKPOINT_MS/);
  });
});

/** HISTORY_* unset: backfill on, 45 sessions, 3000 intraday symbols, details kept in DATA_DIR/engine. */
const DEFAULT_HISTORY = {
  backfill: true,
  sessions: 45,
  intradayMax: 3000,
  cacheDir: path.resolve('./data', 'engine'),
};

describe('loadConfig: MARKET_FEED and the feed settings', () => {
  it('defaults to the simulator on a virtual clock with 10,000 symbols', () => {
    const c = feedOf({});
    expect(c.kind).toBe('simulator');
    expect(c).toEqual({
      kind: 'simulator',
      recordFile: null,
      sim: { clock: 'virtual', speed: 1, seed: 1, symbols: 10_000, tradesPerSecond: 5_000, start: null },
    });
    expect(feedOf({ MARKET_FEED: 'replay:/t.ndjson' })).toMatchObject({ speed: 1 });
  });

  it('reads replay, record and speed settings', () => {
    const c = feedOf({
      MARKET_FEED: 'replay:/tmp/tape.ndjson',
      REPLAY_SPEED: 'max',
      MARKET_SYMBOLS: '/tmp/s.json',
      MARKET_RECORD: '/tmp/out.ndjson',
    });
    expect(c).toMatchObject({
      kind: 'replay',
      file: '/tmp/tape.ndjson',
      speed: Number.POSITIVE_INFINITY,
      symbolsFile: '/tmp/s.json',
      recordFile: '/tmp/out.ndjson',
    });
    expect(feedOf({ MARKET_FEED: 'replay:/t.ndjson', REPLAY_SPEED: '10' })).toMatchObject({ speed: 10 });
  });

  it('reads provider keys and URLs, with surrounding blanks trimmed', () => {
    expect(feedOf({ MARKET_FEED: 'massive', MASSIVE_API_KEY: ' k ' })).toEqual({
      kind: 'massive',
      recordFile: null,
      symbolsFile: null,
      apiKey: 'k',
      url: 'wss://socket.massive.com/stocks',
      restUrl: 'https://api.massive.com',
      history: DEFAULT_HISTORY,
      halts: { source: 'nasdaqtrader', url: 'https://www.nasdaqtrader.com/rss.aspx?feed=tradehalts' },
    });
    expect(
      feedOf({ MARKET_FEED: 'alpaca', ALPACA_KEY_ID: 'id', ALPACA_SECRET_KEY: 's', ALPACA_FEED: 'sip' }),
    ).toEqual({
      kind: 'alpaca',
      recordFile: null,
      symbolsFile: null,
      keyId: 'id',
      secretKey: 's',
      feed: 'sip',
      url: 'wss://stream.data.alpaca.markets/v2/sip',
      dataUrl: 'https://data.alpaca.markets',
      tradingUrl: 'https://api.alpaca.markets',
      history: DEFAULT_HISTORY,
      watch: [],
      halts: { source: 'nasdaqtrader', url: 'https://www.nasdaqtrader.com/rss.aspx?feed=tradehalts' },
    });
  });

  it('reads MARKET_SYMBOLS_WATCH as upper-cased symbols and HALTS_SOURCE on by default only with a real feed', () => {
    const alpaca = { MARKET_FEED: 'alpaca', ALPACA_KEY_ID: 'id', ALPACA_SECRET_KEY: 's' };
    expect(feedOf({ ...alpaca, MARKET_SYMBOLS_WATCH: ' aapl, TSLA ,brk.b,' })).toMatchObject({
      watch: ['AAPL', 'TSLA', 'BRK.B'],
    });
    expect(feedOf({ ...alpaca, HALTS_SOURCE: 'off' })).toMatchObject({ halts: null });
    expect(
      feedOf({ MARKET_FEED: 'massive', MASSIVE_API_KEY: 'k', HALTS_URL: 'http://127.0.0.1:9/rss' }),
    ).toMatchObject({
      halts: { source: 'nasdaqtrader', url: 'http://127.0.0.1:9/rss' },
    });
    // The simulator and replays have their own halts: no second source, and asking for one is refused.
    expect(feedOf({})).not.toHaveProperty('halts');
    expect(() => loadConfig({ HALTS_SOURCE: 'nasdaqtrader' })).toThrow(
      /HALTS_SOURCE: nasdaqtrader needs a real feed/,
    );
  });

  it('parses off, manual and manual:<ISO start>, and a blank feed setting as unset', () => {
    expect(loadConfig({ MARKET_FEED: 'off' }).marketFeed).toEqual({ kind: 'off', name: 'off' });
    expect(loadConfig({ MARKET_FEED: 'manual' }).marketFeed).toEqual({
      kind: 'manual',
      name: 'manual',
      clockStart: null,
    });
    expect(loadConfig({ MARKET_FEED: 'manual:2026-11-20T14:30:00Z' }).marketFeed).toEqual({
      kind: 'manual',
      name: 'manual:2026-11-20T14:30:00Z',
      clockStart: Date.parse('2026-11-20T14:30:00Z'),
    });
    expect(feedOf({ SIM_SEED: '  ' })).toMatchObject({ sim: { seed: 1 } });
  });

  it('on an api node reads only the kind: the engine process holds the keys', () => {
    expect(loadConfig({ ROLE: 'api', MARKET_FEED: 'massive' }).marketFeed).toEqual({
      kind: 'remote',
      name: 'massive',
      feed: 'massive',
    });
    expect(() => loadConfig({ ROLE: 'api', SIM_SPEED: '-2' })).toThrow(/^\s+SIM_SPEED: /m);
  });

  it.each([
    [{ MARKET_FEED: 'polygon' }, 'MARKET_FEED'],
    [{ MARKET_FEED: 'replay:' }, 'MARKET_FEED'],
    [{ REPLAY_SPEED: '0' }, 'REPLAY_SPEED'],
    [{ REPLAY_SPEED: 'fast' }, 'REPLAY_SPEED'],
    [{ SIM_CLOCK: 'real' }, 'SIM_CLOCK'],
    [{ SIM_SPEED: '-2' }, 'SIM_SPEED'],
    [{ SIM_SEED: '1.5' }, 'SIM_SEED'],
    [{ SIM_SYMBOLS: '2' }, 'SIM_SYMBOLS'],
    [{ SIM_TRADE_RATE: 'lots' }, 'SIM_TRADE_RATE'],
    [{ MARKET_FEED: 'massive' }, 'MASSIVE_API_KEY'],
    [{ MARKET_FEED: 'massive', MASSIVE_API_KEY: 'k', MASSIVE_WS_URL: 'http://x' }, 'MASSIVE_WS_URL'],
    [{ MARKET_FEED: 'alpaca', ALPACA_SECRET_KEY: 's' }, 'ALPACA_KEY_ID'],
    [{ MARKET_FEED: 'alpaca', ALPACA_KEY_ID: 'id' }, 'ALPACA_SECRET_KEY'],
    [
      { MARKET_FEED: 'alpaca', ALPACA_KEY_ID: 'id', ALPACA_SECRET_KEY: 's', ALPACA_FEED: 'otc' },
      'ALPACA_FEED',
    ],
    [
      { MARKET_FEED: 'alpaca', ALPACA_KEY_ID: 'id', ALPACA_SECRET_KEY: 's', ALPACA_WS_URL: 'nope' },
      'ALPACA_WS_URL',
    ],
    [{ MARKET_SYMBOLS_WATCH: 'AAPL,not a symbol' }, 'MARKET_SYMBOLS_WATCH'],
    [{ HALTS_SOURCE: 'rss' }, 'HALTS_SOURCE'],
  ])('rejects %j with a ConfigError naming %s', (env, variable) => {
    expectRefusalNaming(env, variable);
  });

  it("keeps the feed settings' wording, the refused value included", () => {
    expect(() => loadConfig({ SIM_SPEED: '-2' })).toThrow(
      /SIM_SPEED: must be a number above 0 and at most 10000 \(got "-2"\)/,
    );
    expect(() => loadConfig({ MARKET_FEED: 'massive' })).toThrow(
      /MASSIVE_API_KEY: is required when MARKET_FEED=massive/,
    );
    expect(() => loadConfig({ MARKET_FEED: 'alpaca' })).toThrow(
      /ALPACA_KEY_ID: [^\n]*\n\s+ALPACA_SECRET_KEY: /,
    );
    expect(() => loadConfig({ ALPACA_WS_URL: 'nope' })).toThrow(
      /ALPACA_WS_URL: must be a ws:\/\/ or wss:\/\/ URL \(got "nope"\)/,
    );
  });
});

describe('loadConfig: NEWS_* and the news sources', () => {
  it('runs the simulated wire with the simulator, and none (with a warning) otherwise', () => {
    expect(loadConfig({}).news).toMatchObject({
      sources: ['simulated'],
      warning: null,
      pollMs: 60_000,
      backfillHours: 24,
      retentionDays: 30,
      sec: {
        userAgent: null,
        feedUrl: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&output=atom',
        tickersUrl: 'https://www.sec.gov/files/company_tickers.json',
        forms: ['8-K', '6-K', 'S-1', 'S-3', '424B', '10-Q', '10-K', 'SC 13D'],
      },
      alpaca: {
        wsUrl: 'wss://stream.data.alpaca.markets/v1beta1/news',
        restUrl: 'https://data.alpaca.markets/v1beta1/news',
      },
      massive: { url: 'https://api.massive.com/v2/reference/news' },
    });
    const manual = loadConfig({ MARKET_FEED: 'manual' }).news;
    expect(manual.sources).toEqual([]);
    expect(manual.warning).toMatch(/NEWS_SOURCES is not set/);
    expect(loadConfig({ MARKET_FEED: 'manual', NEWS_SOURCES: 'none' }).news).toMatchObject({
      sources: [],
      warning: null,
    });
    // An api node runs no source: nothing to warn about, no keys asked for.
    expect(loadConfig({ ROLE: 'api', MARKET_FEED: 'off' }).news.warning).toBeNull();
    expect(loadConfig({ ROLE: 'api', NEWS_SOURCES: 'alpaca,sec' }).news.sources).toEqual(['alpaca', 'sec']);
  });

  it('reads every source and its settings', () => {
    const news = loadConfig({
      NEWS_SOURCES: 'simulated, rss,sec,alpaca,massive,rss',
      NEWS_FEEDS: 'https://wire.example.com/rss, http://127.0.0.1:9/atom',
      NEWS_POLL_SECONDS: '15',
      NEWS_BACKFILL_HOURS: '0',
      NEWS_RETENTION_DAYS: '7',
      SEC_USER_AGENT: 'Tapeline admin@tapeline.example',
      SEC_FORMS: '8-K, 10-Q',
      ALPACA_KEY_ID: 'id',
      ALPACA_SECRET_KEY: 'secret',
      ALPACA_NEWS_WS_URL: 'ws://127.0.0.1:9/news',
      MASSIVE_API_KEY: 'key',
      MASSIVE_NEWS_URL: 'http://127.0.0.1:9/v2/reference/news',
    }).news;
    expect(news).toMatchObject({
      sources: ['simulated', 'rss', 'sec', 'alpaca', 'massive'],
      feeds: ['https://wire.example.com/rss', 'http://127.0.0.1:9/atom'],
      pollMs: 15_000,
      backfillHours: 0,
      retentionDays: 7,
      sec: { userAgent: 'Tapeline admin@tapeline.example', forms: ['8-K', '10-Q'] },
      alpaca: { keyId: 'id', secretKey: 'secret', wsUrl: 'ws://127.0.0.1:9/news' },
      massive: { apiKey: 'key', url: 'http://127.0.0.1:9/v2/reference/news' },
    });
  });

  it.each([
    [{ NEWS_SOURCES: 'reuters' }, 'NEWS_SOURCES'],
    [{ NEWS_SOURCES: 'simulated', MARKET_FEED: 'manual' }, 'NEWS_SOURCES'],
    [{ NEWS_SOURCES: 'rss' }, 'NEWS_FEEDS'],
    [{ NEWS_FEEDS: 'ftp://wire.example.com/rss' }, 'NEWS_FEEDS'],
    [{ NEWS_SOURCES: 'sec' }, 'SEC_USER_AGENT'],
    [{ NEWS_SOURCES: 'alpaca', ALPACA_SECRET_KEY: 's' }, 'ALPACA_KEY_ID'],
    [{ NEWS_SOURCES: 'alpaca', ALPACA_KEY_ID: 'id' }, 'ALPACA_SECRET_KEY'],
    [{ NEWS_SOURCES: 'massive' }, 'MASSIVE_API_KEY'],
    [{ NEWS_POLL_SECONDS: '14' }, 'NEWS_POLL_SECONDS'],
    [{ NEWS_POLL_SECONDS: '3601' }, 'NEWS_POLL_SECONDS'],
    [{ NEWS_BACKFILL_HOURS: '-1' }, 'NEWS_BACKFILL_HOURS'],
    [{ NEWS_RETENTION_DAYS: '0' }, 'NEWS_RETENTION_DAYS'],
    [{ SEC_FEED_URL: 'not a url' }, 'SEC_FEED_URL'],
    [{ SEC_TICKERS_URL: 'file:///etc/passwd' }, 'SEC_TICKERS_URL'],
    [{ SEC_FORMS: ';' }, 'SEC_FORMS'],
    [{ ALPACA_NEWS_WS_URL: 'https://stream.example' }, 'ALPACA_NEWS_WS_URL'],
    [{ ALPACA_NEWS_REST_URL: 'wss://data.example' }, 'ALPACA_NEWS_REST_URL'],
    [{ MASSIVE_NEWS_URL: 'nope' }, 'MASSIVE_NEWS_URL'],
  ])('rejects %j with a ConfigError naming %s', (env, variable) => {
    expectRefusalNaming(env, variable);
  });

  it('says what a source needs, and the value it refused', () => {
    expect(() => loadConfig({ NEWS_SOURCES: 'sec' })).toThrow(
      /SEC_USER_AGENT: is required when NEWS_SOURCES has sec/,
    );
    expect(() => loadConfig({ NEWS_POLL_SECONDS: '5' })).toThrow(
      /NEWS_POLL_SECONDS: must be a whole number 15…3600 \(got "5"\)/,
    );
    expect(() => loadConfig({ NEWS_SOURCES: 'rss,reuters' })).toThrow(/\(got "reuters"\)/);
  });
});

describe('argsToEnv', () => {
  it('reads --role=<role> and --role <role>, which override ROLE', () => {
    expect(argsToEnv([])).toEqual({});
    expect(argsToEnv(['--role=engine'])).toEqual({ ROLE: 'engine' });
    expect(argsToEnv(['--role', 'api'])).toEqual({ ROLE: 'api' });
    expect(loadConfig({ ROLE: 'api', ...argsToEnv(['--role=engine']) }).role).toBe('engine');
  });

  it('refuses unknown options and a missing value, and leaves a bad role to loadConfig', () => {
    expect(() => argsToEnv(['--rol=engine'])).toThrow(ConfigError);
    expect(() => argsToEnv(['--role'])).toThrow(/--role needs a value/);
    expect(() => loadConfig(argsToEnv(['--role=everything']))).toThrow(/ROLE: /);
  });
});

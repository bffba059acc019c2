import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectRefusalNaming } from '../test/expectConfigRefusal.ts';
import { type FeedConfig, loadConfig } from './config.ts';

/** The settings of the feed this node runs (ROLE=all by default). */
function feedOf(env: Record<string, string>): FeedConfig {
  const market = loadConfig(env).marketFeed;
  if (market.kind !== 'feed') throw new Error(`expected a feed, got ${market.kind}`);
  return market.feed;
}

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

import { describe, expect, it } from 'vitest';
import { ConfigError, type FeedConfig, loadConfig } from './config.ts';

// The settings of docs/continuity.md §0: the Help link, the simulator's start, and the real
// feeds' REST URLs and history backfill.

function feedOf(env: Record<string, string>): FeedConfig {
  const market = loadConfig(env).marketFeed;
  if (market.kind !== 'feed') throw new Error(`expected a feed, got ${market.kind}`);
  return market.feed;
}

/** The ConfigError's text, which names the variable and repeats the refused value. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

const MASSIVE = { MARKET_FEED: 'massive', MASSIVE_API_KEY: 'k' };
const ALPACA = { MARKET_FEED: 'alpaca', ALPACA_KEY_ID: 'id', ALPACA_SECRET_KEY: 's' };

describe('HELP_URL', () => {
  it("is unset by default: /api/config then names the app's own /help", () => {
    expect(loadConfig({}).helpUrl).toBeUndefined();
  });

  it('takes a path of this app or an http(s) URL', () => {
    expect(loadConfig({ HELP_URL: '/help/streams' }).helpUrl).toBe('/help/streams');
    expect(loadConfig({ HELP_URL: ' https://docs.example.com/tapeline ' }).helpUrl).toBe(
      'https://docs.example.com/tapeline',
    );
  });

  it.each(['help', '//evil.example', 'javascript:alert(1)', 'ftp://docs.example.com'])(
    'refuses %s',
    (value) => {
      expect(refusal({ HELP_URL: value })).toContain(
        `HELP_URL: must be a path starting with / or an http:// or https:// URL (got "${value}")`,
      );
    },
  );
});

describe('SIM_START', () => {
  it('starts the simulator at an ISO instant 45 s before Tuesday’s bell', () => {
    expect(feedOf({ SIM_START: '2026-11-24T14:29:15Z' })).toMatchObject({
      sim: { start: Date.UTC(2026, 10, 24, 14, 29, 15) },
    });
    expect(feedOf({ SIM_START: '2026-11-24T09:29:15.500-05:00' })).toMatchObject({
      sim: { start: Date.UTC(2026, 10, 24, 14, 29, 15, 500) },
    });
  });

  it('unset or blank: the simulator picks its own start', () => {
    expect(feedOf({ SIM_START: '  ' })).toMatchObject({ sim: { start: null } });
  });

  it.each(['2026-11-24', '2026-11-24T14:29:15', 'tomorrow', '2026-13-24T14:29:15Z'])(
    'refuses %s (no zone, no time, or no date at all)',
    (value) => {
      expect(refusal({ SIM_START: value })).toContain(`SIM_START: must be an ISO time with its zone`);
    },
  );
});

describe('HISTORY_* and the vendors’ REST URLs', () => {
  it('backfill is on for massive and alpaca by default, 45 sessions, 3000 intraday symbols', () => {
    const history = { backfill: true, sessions: 45, intradayMax: 3000 };
    expect(feedOf(MASSIVE)).toMatchObject({ restUrl: 'https://api.massive.com', history });
    expect(feedOf(ALPACA)).toMatchObject({
      dataUrl: 'https://data.alpaca.markets',
      tradingUrl: 'https://api.alpaca.markets',
      history,
    });
  });

  it('reads off, the session and symbol counts, and URLs without their trailing slash', () => {
    const env = { HISTORY_BACKFILL: 'off', HISTORY_SESSIONS: '60', HISTORY_INTRADAY_MAX: '0' };
    expect(feedOf({ ...MASSIVE, ...env, MASSIVE_REST_URL: 'http://127.0.0.1:4010/' })).toMatchObject({
      restUrl: 'http://127.0.0.1:4010',
      history: { backfill: false, sessions: 60, intradayMax: 0 },
    });
    expect(
      feedOf({
        ...ALPACA,
        ALPACA_TRADING_URL: 'https://paper-api.alpaca.markets',
        ALPACA_DATA_URL: ' http://127.0.0.1:4011 ',
      }),
    ).toMatchObject({ tradingUrl: 'https://paper-api.alpaca.markets', dataUrl: 'http://127.0.0.1:4011' });
  });

  it('a blank history setting counts as unset', () => {
    expect(feedOf({ ...MASSIVE, HISTORY_SESSIONS: ' ', HISTORY_BACKFILL: '' })).toMatchObject({
      history: { backfill: true, sessions: 45 },
    });
  });

  it.each([
    [{ HISTORY_BACKFILL: 'yes' }, 'HISTORY_BACKFILL: must be on or off (got "yes")'],
    [{ HISTORY_SESSIONS: '0' }, 'HISTORY_SESSIONS: must be an integer 1…500 (got "0")'],
    [{ HISTORY_SESSIONS: '4.5' }, 'HISTORY_SESSIONS: must be an integer 1…500 (got "4.5")'],
    [{ HISTORY_INTRADAY_MAX: '-1' }, 'HISTORY_INTRADAY_MAX: must be an integer 0…50000 (got "-1")'],
    [{ MASSIVE_REST_URL: 'wss://api.massive.com' }, 'MASSIVE_REST_URL: must be an http:// or https:// URL'],
    [{ ALPACA_DATA_URL: 'data.alpaca.markets' }, 'ALPACA_DATA_URL: must be an http:// or https:// URL'],
    [{ ALPACA_TRADING_URL: 'nope' }, 'ALPACA_TRADING_URL: must be an http:// or https:// URL (got "nope")'],
  ])('refuses %j', (env, message) => {
    expect(refusal(env)).toContain(message);
  });
});

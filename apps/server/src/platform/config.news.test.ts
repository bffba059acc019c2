import { describe, expect, it } from 'vitest';
import { expectRefusalNaming } from '../test/expectConfigRefusal.ts';
import { loadConfig } from './config.ts';

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

import { describe, expect, it } from 'vitest';
import { FeedConfigError, readFeedConfig } from './config.ts';
import { createFeed } from './createFeed.ts';

describe('feed config', () => {
  it('defaults to the simulator on a virtual clock with 10,000 symbols', () => {
    const c = readFeedConfig({});
    expect(c.feed).toBe('simulator');
    expect(c.sim).toEqual({ clock: 'virtual', speed: 1, seed: 1, symbols: 10_000, tradesPerSecond: 5_000 });
    expect(c.replaySpeed).toBe(1);
    expect(c.massive).toBeNull();
    expect(c.alpaca).toBeNull();
    expect(createFeed(c).name).toBe('simulator');
  });

  it('reads replay, record and speed settings', () => {
    const c = readFeedConfig({
      MARKET_FEED: 'replay:/tmp/tape.ndjson',
      REPLAY_SPEED: 'max',
      MARKET_SYMBOLS: '/tmp/s.json',
      MARKET_RECORD: '/tmp/out.ndjson',
    });
    expect(c).toMatchObject({
      feed: 'replay',
      replayFile: '/tmp/tape.ndjson',
      replaySpeed: Number.POSITIVE_INFINITY,
      symbolsFile: '/tmp/s.json',
      recordFile: '/tmp/out.ndjson',
    });
    expect(createFeed(c).name).toBe('replay:/tmp/tape.ndjson');
    expect(readFeedConfig({ REPLAY_SPEED: '10' }).replaySpeed).toBe(10);
  });

  it('reads provider keys and URLs', () => {
    const m = readFeedConfig({ MARKET_FEED: 'massive', MASSIVE_API_KEY: 'k' });
    expect(m.massive).toEqual({ apiKey: 'k', url: 'wss://socket.massive.com/stocks' });
    expect(createFeed(m).name).toBe('massive');
    const a = readFeedConfig({
      MARKET_FEED: 'alpaca',
      ALPACA_KEY_ID: 'id',
      ALPACA_SECRET_KEY: 's',
      ALPACA_FEED: 'sip',
    });
    expect(a.alpaca).toEqual({
      keyId: 'id',
      secretKey: 's',
      feed: 'sip',
      url: 'wss://stream.data.alpaca.markets/v2/sip',
    });
    expect(createFeed(a).name).toBe('alpaca');
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
  ])('rejects %j naming %s', (env, variable) => {
    let error: unknown;
    try {
      readFeedConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FeedConfigError);
    expect((error as FeedConfigError).variable).toBe(variable);
    expect((error as Error).message.startsWith(variable)).toBe(true);
  });
});

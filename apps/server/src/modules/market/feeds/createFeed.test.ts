import { describe, expect, it } from 'vitest';
import { type FeedConfig, loadConfig } from '../../../platform/config.ts';
import { createFeed } from './createFeed.ts';
import { SimulatorFeed } from './simulator/simulatorFeed.ts';

/** The feed the server's configuration gives this node (ROLE=all by default). */
function feedOf(env: Record<string, string>): FeedConfig {
  const market = loadConfig(env).marketFeed;
  if (market.kind !== 'feed') throw new Error(`expected a feed, got ${market.kind}`);
  return market.feed;
}

describe('createFeed builds the feed MARKET_FEED names', () => {
  it.each([
    [{}, 'simulator'],
    [{ MARKET_FEED: 'replay:/tmp/tape.ndjson', REPLAY_SPEED: 'max' }, 'replay:/tmp/tape.ndjson'],
    [{ MARKET_FEED: 'massive', MASSIVE_API_KEY: 'k' }, 'massive'],
    [{ MARKET_FEED: 'alpaca', ALPACA_KEY_ID: 'id', ALPACA_SECRET_KEY: 's', ALPACA_FEED: 'sip' }, 'alpaca'],
  ])('%j → %s', (env, name) => {
    expect(createFeed(feedOf(env)).name).toBe(name);
  });
});

describe('createFeed hands SIM_START to the simulator', () => {
  it('starts virtual time at SIM_START', () => {
    const feed = createFeed(feedOf({ SIM_START: '2026-11-24T14:29:15Z' }));
    expect(feed).toBeInstanceOf(SimulatorFeed);
    expect((feed as SimulatorFeed).startTs).toBe(Date.UTC(2026, 10, 24, 14, 29, 15));
  });
});

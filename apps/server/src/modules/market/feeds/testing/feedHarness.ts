import { afterEach } from 'vitest';
import type { MarketFeed } from '../feed.ts';
import type { FakeServer } from './fakeWsServer.ts';

/** The fake server and the feed a test starts, stopped and closed after each test. */
export function feedHarness(): { server: FakeServer | null; feed: MarketFeed | null } {
  const h: { server: FakeServer | null; feed: MarketFeed | null } = { server: null, feed: null };
  afterEach(async () => {
    await h.feed?.stop();
    await h.server?.close();
    h.feed = null;
    h.server = null;
  });
  return h;
}

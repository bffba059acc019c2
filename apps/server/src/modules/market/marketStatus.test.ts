import {
  configResponseSchema,
  MARKET_STATUS_EVENT,
  MARKET_STATUS_EVERY_MS,
  type MarketStatusFrame,
  marketStatusFrameSchema,
} from '@tapeline/core';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { connectTab, until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { tradeLine } from './feeds/replay/ndjson.ts';

// The market's clock and the feed's health as an API node tells them (issue 23 §3, §5), on a
// hand-fed engine whose clock starts Friday 20 Nov 2026 09:30 New York (the regular session)
// and moves only with the prints pushed into it.
const BELL = Date.UTC(2026, 10, 20, 14, 30);

const app = withApp({ mail: 'outbox', env: { MARKET_FEED: `manual:${new Date(BELL).toISOString()}` } });

const config = async () => configResponseSchema.parse((await app.call('GET', '/api/config')).body);

describe('the market status of an API node', () => {
  const frames: MarketStatusFrame[] = [];
  let close = () => {};
  afterAll(() => close());

  it("answers the engine's clock in /api/config from the start, live", async () => {
    expect((await config()).market).toEqual({ feed: null, health: 'live', clock: { at: BELL, rate: 0 } });
  });

  it('sends market_status to a signed-in tab each period, and the clock follows the tape', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await connectTab(app.baseUrl, token);
    close = () => socket.close();
    socket.on(MARKET_STATUS_EVENT, (frame: unknown) => frames.push(marketStatusFrameSchema.parse(frame)));
    const engine = app.app.market.engine;
    if (!engine) throw new Error('the manual feed runs an engine');
    engine.push([tradeLine('ABC', 10, 100, BELL + 60_000)]);
    const frame = await until('a market_status frame after the print', () => {
      app.clock.advance(MARKET_STATUS_EVERY_MS);
      return frames.find((f) => f.clock?.at === BELL + 60_000);
    });
    expect(frame).toMatchObject({ health: 'live', clock: { rate: 0 } });
    expect((await config()).market?.clock?.at).toBe(BELL + 60_000);
  });

  it('says stalled once the regular session has had no print for FEED_STALL_MS, and live again at the next', async () => {
    const before = frames.length;
    const quietFrom = app.clock.now();
    const stalled = await until('a stalled frame', () => {
      app.clock.advance(MARKET_STATUS_EVERY_MS);
      return frames.slice(before).find((f) => f.health === 'stalled');
    });
    expect(stalled.clock?.at).toBe(BELL + 60_000);
    // Said within 10 s of the last print (one period after the threshold at most).
    expect(app.clock.now() - quietFrom).toBeLessThanOrEqual(10_000);
    expect((await config()).market?.health).toBe('stalled');

    app.app.market.engine?.push([tradeLine('ABC', 10.1, 100, BELL + 120_000)]);
    const after = frames.length;
    await until('a live frame after the print', () => {
      app.clock.advance(MARKET_STATUS_EVERY_MS);
      return frames.slice(after).find((f) => f.health === 'live');
    });
  });
});

import { healthReadySchema } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../test/manualClock.ts';
import { createHealth, FEED_STALL_MS, HEALTH_CHECK_TIMEOUT_MS } from './health.ts';
import { silentLog } from './log.ts';

// The readiness rules on the manual clock, with the parts as functions; routes.ts's app test
// (modules/system/health.test.ts) proves a real node wires them.

/** Lets the checks that answer at once settle before the clock moves past their timeout. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

function engineSaying(status: { trades: number; phase: string }) {
  return { query: async () => JSON.stringify(status) };
}

describe('readiness', () => {
  it('is ready when every configured part answers, and leaves unconfigured parts out', async () => {
    const clock = createManualClock();
    const health = createHealth({
      clock,
      log: silentLog,
      database: async () => 1,
      engine: engineSaying({ trades: 5, phase: 'regular' }),
      watchFeed: true,
      mail: async () => undefined,
    });
    const answer = healthReadySchema.parse(await health.ready());
    expect(answer.ready).toBe(true);
    expect(Object.keys(answer.parts).sort()).toEqual(['database', 'engine', 'feed', 'mail']);
    expect(answer.parts.database).toEqual({ state: 'ok', latency_ms: 0 });
  });

  it('calls a feed stalled when its trades stop moving in a session, and ok again when they move', async () => {
    const clock = createManualClock();
    const status = { trades: 10, phase: 'regular' };
    const health = createHealth({ clock, log: silentLog, engine: engineSaying(status), watchFeed: true });
    expect((await health.ready()).parts.feed?.state).toBe('ok');
    clock.advance(FEED_STALL_MS + 1);
    const stalled = await health.ready();
    expect(stalled).toMatchObject({
      ready: false,
      parts: { engine: { state: 'ok' }, feed: { state: 'stalled' } },
    });
    status.trades = 11;
    expect(await health.ready()).toMatchObject({ ready: true, parts: { feed: { state: 'ok' } } });
  });

  it('never calls a closed market stalled, nor a feed it is told not to watch', async () => {
    const clock = createManualClock();
    const closed = createHealth({
      clock,
      log: silentLog,
      engine: engineSaying({ trades: 1, phase: 'closed' }),
      watchFeed: true,
    });
    const manual = createHealth({
      clock,
      log: silentLog,
      engine: engineSaying({ trades: 1, phase: 'regular' }),
      watchFeed: false,
    });
    await closed.ready();
    await manual.ready();
    clock.advance(FEED_STALL_MS * 3);
    expect((await closed.ready()).ready).toBe(true);
    expect((await manual.ready()).ready).toBe(true);
  });

  it('is not ready when the engine is unreachable, Redis refuses or a check hangs past its timeout', async () => {
    const clock = createManualClock();
    let redisUp = false;
    const health = createHealth({
      clock,
      log: silentLog,
      database: () => new Promise(() => {}),
      redis: async () => {
        if (!redisUp) throw new Error('connect ECONNREFUSED 10.0.0.7:6379');
      },
      engine: { query: () => Promise.reject(new Error('no engine answered')) },
      watchFeed: true,
    });
    const pending = health.ready();
    await settled();
    clock.advance(HEALTH_CHECK_TIMEOUT_MS);
    const answer = await pending;
    expect(answer).toEqual({
      ready: false,
      parts: {
        database: { state: 'down', latency_ms: HEALTH_CHECK_TIMEOUT_MS },
        redis: { state: 'down', latency_ms: 0 },
        engine: { state: 'down', latency_ms: 0 },
        feed: { state: 'down', latency_ms: null },
      },
    });
    // States only: an error's text (here a private address) never reaches the answer.
    expect(JSON.stringify(answer)).not.toContain('10.0.0.7');
    redisUp = true;
    const again = health.ready();
    await settled();
    clock.advance(HEALTH_CHECK_TIMEOUT_MS);
    expect((await again).parts.redis?.state).toBe('ok');
  });

  it('asks SMTP at most every 30 s while it is ok, and again at once after a failure', async () => {
    const clock = createManualClock();
    let asked = 0;
    let up = true;
    const health = createHealth({
      clock,
      log: silentLog,
      mail: async () => {
        asked++;
        if (!up) throw new Error('down');
      },
    });
    await health.ready();
    await health.ready();
    expect(asked).toBe(1);
    clock.advance(30_000);
    up = false;
    expect((await health.ready()).parts.mail?.state).toBe('down');
    up = true;
    expect((await health.ready()).parts.mail?.state).toBe('ok');
    expect(asked).toBe(3);
  });
});

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../test/waitFor.ts';
import { createLeaderLease, LEASE_MS } from './leaderLease.ts';
import { silentLog } from './log.ts';

// The leader lease on a real Redis (platform/leaderLease.ts). Its time to live is Redis's own,
// which the test never waits out: it deletes or overwrites the key. Each process's clock stands
// still (its epoch is that instant); renewals and polls come every 5 ms.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL);
afterAll(async () => {
  await redis.quit();
});

const paced = (now: number) => ({
  now: () => now,
  sleep: () => new Promise<void>((resolve) => setTimeout(resolve, 5)),
});
const lease = (key: string, id: string, now: number) =>
  createLeaderLease({ redis, key, id, clock: paced(now), log: silentLog });
const renewals = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('leader lease', () => {
  it('one holder at a time; the next taker gets a higher epoch; a deposed holder hears it', async () => {
    const key = `lease-test-${randomBytes(4).toString('hex')}`;
    const now = Date.now();
    const a = lease(key, 'a', now);
    const epochA = await a.acquire();
    expect(epochA).toBe(now);
    expect(await redis.pttl(key)).toBeGreaterThan(LEASE_MS - 1000);

    // b stands by while a holds; a's lease expiring (here: deleted) lets b take it, above a's
    // epoch even with b's clock behind a's.
    const b = lease(key, 'b', now - 60_000);
    let bEpoch = 0;
    const bTakes = b.acquire().then((epoch) => {
      bEpoch = epoch;
    });
    await renewals(10);
    expect(bEpoch).toBe(0);
    await redis.set(key, 'someone-else', 'PX', 10); // a's lease is gone and another held it since
    await bTakes;
    expect(bEpoch).toBe(epochA + 1);
    // a's next renewal finds the lease taken: a is deposed.
    await a.lost();
    expect(a.holding()).toBe(false);
    expect(b.holding()).toBe(true);

    // A holder whose key Redis lost (a restart without persistence) takes it back, same epoch.
    await redis.del(key, `${key}:epoch`);
    await until('the lease taken back', async () =>
      (await redis.get(key)) === `${bEpoch}:b` ? true : undefined,
    );
    expect(b.holding()).toBe(true);

    await b.close();
    await a.close();
    expect(await redis.exists(key)).toBe(0);
    await redis.del(`${key}:epoch`);
  });
});

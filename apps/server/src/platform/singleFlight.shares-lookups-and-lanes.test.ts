import { describe, expect, it } from 'vitest';
import { cachedSingleFlight, concurrencyLimit, singleFlight } from './singleFlight.ts';

const deferred = <T>() => {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('singleFlight', () => {
  it('shares one lookup among the callers that ask while it runs, then starts a new one', async () => {
    const gate = deferred<number>();
    let calls = 0;
    const load = singleFlight(async (_key: string) => {
      calls += 1;
      return gate.promise;
    });
    const all = Promise.all([load('a'), load('a'), load('a')]);
    gate.resolve(7);
    expect(await all).toEqual([7, 7, 7]);
    expect(calls).toBe(1);
    await load('a');
    expect(calls).toBe(2);
  });
});

describe('cachedSingleFlight', () => {
  it('reuses an answer for its time on the injected clock; forget drops it, even one in flight', async () => {
    let now = 0;
    let version = 0;
    const cache = cachedSingleFlight(
      async (_key: string) => ++version,
      1000,
      () => now,
    );
    expect(await cache.get('u')).toBe(1);
    now = 999;
    expect(await cache.get('u')).toBe(1);
    now = 1000;
    expect(await cache.get('u')).toBe(2);
    cache.forget('u');
    expect(await cache.get('u')).toBe(3);

    const gate = deferred<number>();
    const slow = cachedSingleFlight(
      async (_key: string) => gate.promise,
      1000,
      () => now,
    );
    const read = slow.get('u');
    slow.forget('u');
    gate.resolve(1);
    await read;
    // The answer that predates forget() is not kept: the next call reads again (and waits again).
    let settled = false;
    void slow.get('u').then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
  });
});

describe('concurrencyLimit', () => {
  it('runs at most `limit` calls of one key at once, the rest in order; other keys are free', async () => {
    const lane = concurrencyLimit<string>(2);
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      lane('u', async () => {
        started.push(i);
        await gate.promise;
      }),
    );
    let other = false;
    await lane('v', async () => {
      other = true;
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(other).toBe(true);
    gates[0]?.resolve();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[1]?.resolve();
    gates[2]?.resolve();
    await Promise.all(runs);
  });
});

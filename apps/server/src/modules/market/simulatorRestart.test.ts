import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TIMEFRAMES } from '@tapeline/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { createCheckpointStore } from './engine/checkpointStore.ts';
import { EngineRuntime } from './engine/runtime.ts';
import { SimulatorFeed } from './feeds/simulator/simulatorFeed.ts';
import { waitUntil } from './feeds/testing/fakeWsServer.ts';

// The simulator's history over a restart and a new day: restarted within its session, the
// checkpoint comes back first and the history handed over again must not overwrite what the
// tape has added since the bell; running on into the next day, the engine's own bars continue
// the seeded ones and nothing is seeded twice.

// Monday 24 November 2025, 09:30 New York.
const OPEN = Date.UTC(2025, 10, 24, 14, 30);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tapeline-sim-restart-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function simulator(wall: { now: number }, speed = 60, tradesPerSecond = 200) {
  return new SimulatorFeed({
    seed: 8,
    symbols: 200,
    tradesPerSecond,
    clock: 'virtual',
    speed,
    tickMs: 5,
    startTs: OPEN,
    // Its own now, the system timer: the test sets the time each tick reads.
    wall: { ...systemClock, now: () => wall.now },
  });
}

/** SPY's bars, forming bars and volume profile, as JSON, for comparison. */
function spyState(runtime: EngineRuntime): string {
  const e = runtime.engine;
  const id = e.idOf('SPY');
  const b = e.bars;
  const n = TIMEFRAMES.length;
  const perTf = TIMEFRAMES.map((_, tf) => ({
    bars: b.bars(id, tf),
    forming: [b.fStart[id * n + tf], b.fOpen[id * n + tf], b.fVolume[id * n + tf]],
  }));
  // 64 slots of 15 minutes from 04:00.
  return JSON.stringify({ perTf, profile: [...e.profile.avg.subarray(id * 64, id * 64 + 64)] });
}

describe('simulator restart in the same session', () => {
  it('keeps the restored bars and profile, and seeds a fresh engine with the same history', async () => {
    const store = createCheckpointStore(path.join(dir, 'checkpoint.bin'));
    const wall = { now: 0 };
    const first = new EngineRuntime('simulator', store, { clockStart: OPEN });
    expect(await first.restore()).toBe(false);
    const feed = simulator(wall);
    await feed.start(first.sink);
    const seeded = spyState(first);
    wall.now += 10_000; // ten virtual minutes
    await waitUntil(() => first.engine.clock() === OPEN + 600_000);
    await feed.stop();
    await first.checkpoint();
    const before = spyState(first);
    expect(before).not.toBe(seeded);

    const second = new EngineRuntime('simulator', store, { clockStart: OPEN + 600_000 });
    expect(await second.restore()).toBe(true);
    const again = simulator(wall);
    await again.start(second.sink);
    await again.stop();
    expect(spyState(second)).toBe(before);

    // Without a checkpoint the same feed seeds exactly what the first engine began with.
    const fresh = new EngineRuntime('simulator', null, { clockStart: OPEN });
    const third = simulator(wall);
    await third.start(fresh.sink);
    await third.stop();
    expect(spyState(fresh)).toBe(seeded);
  });

  it('carries the seeded days on into the tape’s own, with no second seeding at the next day', async () => {
    const wall = { now: 0 };
    const runtime = new EngineRuntime('simulator', null, { clockStart: OPEN });
    const feed = simulator(wall, 3_600, 10);
    let histories = 0;
    await feed.start({
      ...runtime.sink,
      history(source) {
        histories++;
        runtime.sink.history(source);
      },
    });
    wall.now += 7_000; // at 3,600×, seven virtual hours: to 16:30 Monday
    await waitUntil(() => runtime.engine.clock() >= OPEN + 7 * 3_600_000);
    wall.now += 17_000; // on to 09:30 Tuesday
    await waitUntil(() => runtime.engine.clock() >= OPEN + 24 * 3_600_000);
    // A Tuesday print commits SPY's Monday bar.
    runtime.engine.ingest({ sym: 'SPY', price: 600, size: 1, ts: OPEN + 24 * 3_600_000 + 1 });
    await feed.stop();
    expect(histories).toBe(1);
    const daily = runtime.engine.bars.bars(runtime.engine.idOf('SPY'), TIMEFRAMES.indexOf('1day'));
    const starts = daily.map((b) => b.start);
    expect(starts.slice(-2)).toEqual([Date.UTC(2025, 10, 21, 9), Date.UTC(2025, 10, 24, 9)]);
    expect(starts.every((t, k) => k === 0 || t > (starts[k - 1] as number))).toBe(true);
    expect(daily.at(-2)?.close).toBe(662.4);
    expect(daily.at(-1)?.volume).toBeGreaterThan(0);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckpointStore } from './engine/checkpointStore.ts';
import { EngineRuntime } from './engine/runtime.ts';
import { SimulatorFeed } from './feeds/simulator/simulatorFeed.ts';
import { waitUntil } from './feeds/testing/fakeWsServer.ts';

// A simulator restarted within its session: the checkpoint comes back first, and the history
// the feed hands over again must not overwrite what the tape has added since the bell.

// Monday 24 November 2025, 09:30 New York.
const OPEN = Date.UTC(2025, 10, 24, 14, 30);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tapeline-sim-restart-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function simulator(wall: { now: number }) {
  return new SimulatorFeed({
    seed: 8,
    symbols: 200,
    tradesPerSecond: 200,
    clock: 'virtual',
    speed: 60,
    tickMs: 5,
    startTs: OPEN,
    wallNow: () => wall.now,
  });
}

/** SPY's bars, forming bars and volume profile, as JSON, for comparison. */
function spyState(runtime: EngineRuntime): string {
  const e = runtime.engine;
  const id = e.idOf('SPY');
  const b = e.bars;
  const perTf = Array.from({ length: 8 }, (_, tf) => ({
    bars: b.bars(id, tf),
    forming: [b.fStart[id * 8 + tf], b.fOpen[id * 8 + tf], b.fVolume[id * 8 + tf]],
  }));
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
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckpointStore } from './checkpointStore.ts';
import { EngineRuntime } from './runtime.ts';

// A restart on the next trading day keeps the indicators' history: the runtime continues from
// the checkpoint file of the earlier session (docs/metrics.md "History across days").

// Monday 23 Nov 2026 and Tuesday 24 Nov (EST): New York hh:mm is UTC hh+5.
const mon = (h: number, m = 0) => Date.UTC(2026, 10, 23, h + 5, m);
const tue = (h: number, m = 0) => Date.UTC(2026, 10, 24, h + 5, m);
const REF = {
  sym: 'ABC',
  name: 'Abc Corp',
  sector: 9,
  float: 12_000_000,
  shortRatio: 2,
  optionable: true,
  prevClose: 9,
  avgVolume: 1_000_000,
  exchange: 'NASDAQ',
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tapeline-days-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Monday's session on `feed`, checkpointed to `file` at the close. */
async function monday(feed: string, file: string): Promise<void> {
  const r = new EngineRuntime(feed, createCheckpointStore(file), { clockStart: mon(9, 30) });
  r.sink.reference([REF]);
  for (const [price, minute] of [
    [10, 30],
    [11, 60],
    [10.5, 389],
  ] as const) {
    r.sink.clock(mon(9, minute));
    r.sink.trade('ABC', price, 100, mon(9, minute));
  }
  r.sink.clock(mon(17));
  await r.checkpoint();
}

describe('the engine runtime across days', () => {
  it('starts Tuesday from Monday’s checkpoint: Monday’s close is the prior close, the day is new', async () => {
    const file = path.join(dir, 'alpaca.bin');
    await monday('alpaca', file);
    const r = new EngineRuntime('alpaca', createCheckpointStore(file), { clockStart: tue(9, 0) });
    expect(await r.restore()).toBe(false);
    const id = r.engine.idOf('ABC');
    expect(id).toBeGreaterThanOrEqual(0);
    expect(r.engine.session.date).toBe(20261124);
    expect(r.engine.table.prevClose[id]).toBe(10.5);
    expect(Number.isNaN(r.engine.day.high[id] as number)).toBe(true);
    // Monday's bars came along: the first print on Tuesday is not the symbol's first ever.
    expect(r.engine.snapshot().columns['bars.hLen']).toEqual(
      (await createCheckpointStore(file).load())?.columns['bars.hLen'],
    );
  });

  it('lets the simulator regenerate its own history instead', async () => {
    const file = path.join(dir, 'sim.bin');
    await monday('simulator', file);
    const r = new EngineRuntime('simulator', createCheckpointStore(file), { clockStart: tue(9, 0) });
    expect(await r.restore()).toBe(false);
    expect(r.engine.idOf('ABC')).toBeLessThan(0);
  });

  it('restores the same day’s checkpoint as before', async () => {
    const file = path.join(dir, 'same.bin');
    await monday('alpaca', file);
    const r = new EngineRuntime('alpaca', createCheckpointStore(file), { clockStart: mon(18) });
    expect(await r.restore()).toBe(true);
    expect(r.engine.day.high[r.engine.idOf('ABC')]).toBe(11);
  });
});

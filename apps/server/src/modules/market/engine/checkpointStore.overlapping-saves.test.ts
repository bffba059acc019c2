import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EngineSnapshot } from '@tapeline/market';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckpointStore } from './checkpointStore.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const snapshot = (takenAt: number) =>
  ({
    version: 2,
    sessionDate: 20260105,
    takenAt,
    barHistory: 0,
    symbols: [],
    names: [],
    exchanges: [],
    reasons: [],
    columns: {},
  }) as EngineSnapshot;

describe('checkpoint store (issue 28 item 4)', () => {
  it('lets overlapping saves all succeed, one writer at a time, the last one asked for left on disk', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tapeline-checkpoint-'));
    dirs.push(dir);
    const file = path.join(dir, 'engine', 'checkpoint.bin');
    const store = createCheckpointStore(file);
    // As the interval, a stop and a query's checkpoint would: none waits for the other.
    const saves = Array.from({ length: 25 }, (_, i) => store.save(snapshot(i)));
    const outcomes = await Promise.allSettled(saves);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect((await store.load())?.takenAt).toBe(24);
    // No temporary file left behind.
    expect(await readdir(path.dirname(file))).toEqual(['checkpoint.bin']);
  });

  it('two stores on one file (a standby beside a leader) never share a temporary name', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tapeline-checkpoint-'));
    dirs.push(dir);
    const file = path.join(dir, 'checkpoint.bin');
    const a = createCheckpointStore(file);
    const b = createCheckpointStore(file);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).save(snapshot(i))),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(await readdir(dir)).toEqual(['checkpoint.bin']);
  });

  it('goes on saving after a save fails, and reports the failure to its caller', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tapeline-checkpoint-'));
    dirs.push(dir);
    const store = createCheckpointStore(path.join(dir, 'checkpoint.bin'));
    const bad = store.save({ ...snapshot(1), columns: { f: (() => {}) as never } });
    const good = store.save(snapshot(2));
    await expect(bad).rejects.toThrow();
    await good;
    expect((await store.load())?.takenAt).toBe(2);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BacktestRule,
  defaultChannels,
  type FilteredAlert,
  type RuleSet,
  SECTOR_CODES,
  type StreamChannel,
} from '@tapeline/core';
import { backtestSession, summarize } from '@tapeline/market';
import { afterAll, describe, expect, it } from 'vitest';
import { startThread } from '../../platform/build.ts';
import type { LabMessage, LabTask } from './labWorker.ts';
import { seedSessions } from './seedSessions.ts';
import { SessionFiles } from './sessionFiles.ts';

// A whole-market backtest over several sessions shares them with a helper thread (labWorker.ts):
// its result is the one a single thread computes session after session, in date order, and its
// progress counts every session once.

const dir = mkdtempSync(path.join(tmpdir(), 'lab-threads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const [main, alt] = defaultChannels() as [StreamChannel, StreamChannel];
const filter: FilteredAlert = {
  name: 'Movers',
  type: 'any',
  values: { price_dist: { min: 1, max: null }, uVol: { min: 100 } },
  sector: { min: [...SECTOR_CODES] },
  timeframe: { min: '15min' },
};
const set: RuleSet = {
  tier: 'proplus',
  rules: [],
  filtered: [filter],
  channels: { main, alt },
  favorites: [],
};
const rule: BacktestRule = { kind: 'filtered', filter };

function run(task: LabTask): Promise<{ progress: number[]; result: unknown }> {
  const worker = startThread('labWorker', new URL('./labWorker.ts', import.meta.url), { workerData: task });
  const progress: number[] = [];
  return new Promise((resolve, reject) => {
    worker.on('message', (m: LabMessage) => {
      if (m.type === 'progress') progress.push(m.done);
      else if (m.type === 'done') {
        resolve({ progress, result: m.result });
        void worker.terminate();
      } else if (m.type === 'failed') reject(new Error(m.message));
    });
    worker.on('error', reject);
  });
}

describe('a whole-market backtest on two threads', () => {
  it('answers what one thread answers, session after session in date order', async () => {
    const dates = seedSessions({
      dir,
      keep: 30,
      seed: 11,
      symbols: 40,
      before: Date.UTC(2026, 10, 25, 14, 30),
      sessions: 3,
    });
    const files = new SessionFiles(dir);
    const fires = dates.flatMap((d) => backtestSession(files.read(d), set));
    // Not trivial: fires in more than one session, so joining them in order is tested.
    expect(new Set(fires.map((f) => f.session)).size).toBeGreaterThan(1);

    const answer = await run({ kind: 'backtest', dir, dates, set, rule });
    expect(answer.result).toEqual(summarize(rule, dates, fires));
    expect([...answer.progress].sort()).toEqual([0, 1, 2, 3]);
  }, 120_000);
});

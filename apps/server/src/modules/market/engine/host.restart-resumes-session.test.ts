import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openingBell } from '@tapeline/market';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../platform/clock.ts';
import { loadConfig } from '../../../platform/config.ts';
import { until } from '../../../test/waitFor.ts';
import { decodeBusFrame } from '../stream/busFrame.ts';
import { type EngineHost, startEngineHost } from './host.ts';
import type { EngineStatus } from './protocol.ts';
import { type EngineFeed, engineSettings } from './settings.ts';

// Issue 24 item 7: an engine restarted from its checkpoint resumes the same session and keeps
// publishing. The simulator goes on from the restored clock; replayed from its opening bell, the
// same seeded tape would make no new high or low until it passed the checkpoint.

const log = pino({ level: 'silent' });
const hosts: EngineHost[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const host of hosts) await host.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The real engine thread on the simulator; `speed` maps the wall to virtual time only. */
async function startSimulator(dataDir: string, speed: number): Promise<EngineHost> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MARKET_FEED: 'simulator',
    SIM_SYMBOLS: '300',
    SIM_TRADE_RATE: '50',
    SIM_SPEED: String(speed),
  });
  const host = await startEngineHost(
    engineSettings(dataDir, config.marketFeed as EngineFeed),
    log,
    systemClock,
  );
  hosts.push(host);
  return host;
}

const statusOf = async (host: EngineHost) => JSON.parse(await host.query({ kind: 'status' })) as EngineStatus;

describe('an engine restarted from its checkpoint', () => {
  it('resumes the same session from the checkpoint’s clock and publishes batches within 5 s', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tapeline-resume-'));
    dirs.push(dataDir);
    const bell = openingBell(Date.now());
    // An hour of the session in about a second of the wall.
    const first = await startSimulator(dataDir, 3600);
    const before = await until('an hour into the session', async () => {
      const status = await statusOf(first);
      return status.clock >= bell + 60 * 60_000 ? status : undefined;
    });
    await first.stop(); // checkpoints on the way out
    hosts.splice(hosts.indexOf(first), 1);

    // At 10× the replay from the bell would need six minutes to reach the checkpoint.
    const started = Date.now();
    const second = await startSimulator(dataDir, 10);
    const batches: number[] = [];
    second.onBatch((frame) => batches.push(decodeBusFrame(frame)?.seq ?? -1));
    expect(second.status.restored).toBe(true);
    const after = await statusOf(second);
    expect(after.clock).toBeGreaterThanOrEqual(before.clock);
    await until('a batch from the restarted engine', () => (batches.length > 0 ? true : undefined), 5000);
    expect(Date.now() - started).toBeLessThan(5000 + 2000);
    // The same session, going on from the checkpoint.
    const later = await statusOf(second);
    expect(later.clock).toBeGreaterThan(before.clock);
    expect(later.clock - bell).toBeLessThan(2 * 60 * 60_000);
  });
});

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitWithin, type ServerProcess } from '../../test/serverProcess.ts';
import { startTestApp, type TestApp } from '../../test/testApp.ts';
import { until } from '../../test/waitFor.ts';
import { decodeBusFrame } from './stream/busFrame.ts';
import { STREAM_TOPIC } from './stream/gateway.ts';
import { spawnSimEngine } from './testing/engineProcess.ts';

// One leader engine (docs/decisions.md, "One leader engine"): two `--role=engine` processes on
// one Redis and one DATA_DIR; one leads by the lease and publishes, the other stands by and takes
// over from the last checkpoint within 10 s of the leader's death, with a new, higher epoch.
// Processes, because a process's death is what is proven.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUS_PREFIX = `tapeline-test-${randomBytes(4).toString('hex')}:`;

let dataDir: string;
let api: TestApp;
const engines: ServerProcess[] = [];
const heard: { ep: number; at: number }[] = [];

function startEngine(): ServerProcess {
  const proc = spawnSimEngine({ REDIS_URL, BUS_PREFIX, DATA_DIR: dataDir });
  engines.push(proc);
  return proc;
}

const said = (proc: ServerProcess, line: string) =>
  until(
    `"${line}"`,
    () => {
      if (proc.child.exitCode !== null) throw new Error(`engine exited:\n${proc.stdout()}\n${proc.stderr()}`);
      return proc.stdout().includes(line) ? true : undefined;
    },
    45_000,
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tapeline-engine-leader-'));
  api = await startTestApp({
    mail: 'outbox',
    env: { REDIS_URL, BUS_PREFIX, ROLE: 'api', MARKET_FEED: 'simulator' },
  });
  await api.ctx.bus.subscribe(STREAM_TOPIC, (payload) => {
    const frame = decodeBusFrame(Buffer.from(payload));
    if (frame) heard.push({ ep: frame.ep, at: Date.now() });
  });
});
afterAll(async () => {
  for (const proc of engines) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two engine processes on one Redis', () => {
  it('one leads and publishes, the other stands by; the leader killed, the standby publishes within 10 s with a new epoch', async () => {
    const leader = startEngine();
    await said(leader, 'market engine running alone');
    const standby = startEngine();
    await said(standby, 'market engine standing by');
    const firstEp = await until('a batch from the leader', () => heard[0]?.ep);
    // While both run, batches come from one engine only: one epoch, no flapping.
    const since = heard.length;
    await until('more batches', () => (heard.length > since + 4 ? true : undefined));
    expect(new Set(heard.map((h) => h.ep))).toEqual(new Set([firstEp]));
    expect(standby.stdout()).not.toContain('market engine running alone');
    // The standby takes over from the last checkpoint: the leader has written one (every
    // CHECKPOINT_MS) before it dies, else there is nothing to take over from.
    const checkpoint = path.join(dataDir, 'engine', 'checkpoint.bin');
    await until('the leader checkpointed', () => (existsSync(checkpoint) ? true : undefined), 30_000);

    leader.child.kill('SIGKILL'); // no goodbye, no last checkpoint, the lease left to expire
    const killedAt = Date.now();
    expect(await exitWithin(leader, 5000)).toBe('SIGKILL');
    const next = await until('a batch of a new epoch', () => heard.find((h) => h.ep !== firstEp), 12_000);
    expect(next.at - killedAt).toBeLessThan(10_000);
    expect(next.ep).toBeGreaterThan(firstEp);
    expect(standby.stdout()).toContain('engine state restored from checkpoint');
    // The API node's data host reaches the new leader.
    const status = await until('the new leader status', () => api.app.market.source.status ?? undefined);
    expect(status.restored).toBe(true);

    standby.child.kill('SIGTERM');
    expect(await exitWithin(standby, 10_000)).toBe(0);
  }, 150_000);
});

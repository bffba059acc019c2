import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  PROTOCOL_VERSION,
  STREAM_EVENTS,
  type StreamBatchRead,
  socketRefusal,
  streamBatchSchema,
  streamResumeAckSchema,
} from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriber } from '../../test/factories.ts';
import { exitWithin, type ServerProcess } from '../../test/serverProcess.ts';
import { startTestApp, type TestApp } from '../../test/testApp.ts';
import { connectTab, until } from '../../test/waitFor.ts';
import { decodeBusFrame } from './stream/busFrame.ts';
import { STREAM_TOPIC } from './stream/gateway.ts';
import { spawnSimEngine } from './testing/engineProcess.ts';

// One leader engine (docs/decisions.md, "One leader engine"): two `--role=engine` processes on
// one Redis and one DATA_DIR; one leads by the lease and publishes, the other stands by and takes
// over from the last checkpoint within 10 s of the leader's death, with a new, higher epoch, and
// a trader's tab on an API node refills and follows the new leader with no hole it cannot fill.
// Processes, because a process's death is what is proven. The lease keeps its production timing
// (platform/leaderLease.ts); only the checkpoint comes every second (ENGINE_CHECKPOINT_MS), so
// the test need not wait 10 s for the first one.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUS_PREFIX = `tapeline-test-${randomBytes(4).toString('hex')}:`;

let dataDir: string;
let api: TestApp;
let tab: Socket | undefined;
const engines: ServerProcess[] = [];
/** Every batch on the bus, before any gateway's fence: which engines publish. */
const heard: { ep: number; at: number }[] = [];

const startEngine = () => {
  const proc = spawnSimEngine({ REDIS_URL, BUS_PREFIX, DATA_DIR: dataDir, ENGINE_CHECKPOINT_MS: '1000' });
  engines.push(proc);
  return proc;
};

const says = (proc: ServerProcess, line: string) => {
  if (proc.child.exitCode !== null) throw new Error(`engine exited:\n${proc.stdout()}\n${proc.stderr()}`);
  return proc.stdout().includes(line);
};

const decode = (bytes: ArrayBuffer | Buffer): StreamBatchRead =>
  streamBatchSchema.parse(JSON.parse(inflateRawSync(Buffer.from(bytes as ArrayBuffer)).toString()));

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
  tab?.close();
  for (const proc of engines) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two engine processes on one Redis', () => {
  it('one leads, the other stands by; the leader killed, the standby publishes within 10 s with a new epoch and the tab refills', async () => {
    const { token } = await seedSubscriber(api);
    // Both start at once (one process start, not two in a row): the lease picks the leader.
    const both = [startEngine(), startEngine()];
    const leader = await until(
      'one engine leading',
      () => both.find((proc) => says(proc, 'market engine running alone')),
      60_000,
    );
    const standby = both.find((proc) => proc !== leader) as ServerProcess;
    // A hot standby: its engine thread loaded, waiting for the lease.
    await until(
      'the other standing by',
      () => (says(standby, 'market engine thread loaded') ? true : undefined),
      60_000,
    );

    // A trader's tab on the API node, as the web client: subscribed, numbering what it hears.
    tab = await connectTab(api.baseUrl, token);
    const live: StreamBatchRead[] = [];
    const liveAt: number[] = [];
    tab.on(STREAM_EVENTS.update, (bytes: ArrayBuffer | Buffer) => {
      live.push(decode(bytes));
      liveAt.push(Date.now());
    });
    expect(await tab.timeout(5000).emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION })).toEqual({
      ok: true,
    });
    const firstEp = (await until('a batch in the tab', () => live[0])).ep;
    // While both run, batches come from one engine only: one epoch, no flapping.
    const since = heard.length;
    await until('more batches', () => (heard.length > since + 4 ? true : undefined));
    expect(new Set(heard.map((h) => h.ep))).toEqual(new Set([firstEp]));
    expect(says(standby, 'market engine running alone')).toBe(false);
    // The standby takes over from the last checkpoint: the leader has written one before it
    // dies, else there is nothing to take over from.
    const checkpoint = path.join(dataDir, 'engine', 'checkpoint.bin');
    await until('the leader checkpointed', () => (existsSync(checkpoint) ? true : undefined), 30_000);
    const lastOld = live.at(-1) as StreamBatchRead;

    leader.child.kill('SIGKILL'); // no goodbye, no last checkpoint, the lease left to expire
    const killedAt = Date.now();
    expect(await exitWithin(leader, 5000)).toBe('SIGKILL');
    const next = await until('a batch of a new epoch', () => heard.find((h) => h.ep !== firstEp), 12_000);
    expect(next.at - killedAt).toBeLessThan(10_000);
    expect(next.ep).toBeGreaterThan(firstEp);
    expect(says(standby, 'engine state restored from checkpoint')).toBe(true);

    // The tab hears the new epoch live, within the same 10 s: the gateway let it through.
    const firstNew = await until(
      'the new epoch in the tab',
      () => live.find((b) => b.ep === next.ep),
      12_000,
    );
    expect((liveAt[live.indexOf(firstNew)] as number) - killedAt).toBeLessThan(10_000);
    // Its old numbers mean nothing now: a resume is refused `epoch`, so it refills its views ...
    const resume = async (ep: number, from: number) =>
      streamResumeAckSchema.parse(
        await (tab as Socket)
          .timeout(5000)
          .emitWithAck(STREAM_EVENTS.resume, { v: PROTOCOL_VERSION, ep, since: from }),
      );
    expect(await resume(lastOld.ep, lastOld.seq)).toEqual(socketRefusal('epoch'));
    // ... from the recent view, which the API node now gets from the new leader.
    const data = await api.call<{ token: string }>('POST', '/api/auth/ds/login', { token });
    const recent = await until('the recent view of the new epoch', async () => {
      const res = await api.call<{ data: unknown }>('GET', '/data/stream_bk', { token: data.body.token });
      const [batch] = res.status === 200 ? streamBatchSchema.array().length(1).parse(res.body.data) : [];
      return batch?.ep === next.ep ? batch : undefined;
    });
    expect(recent.seq).toBeGreaterThanOrEqual(firstNew.seq);
    // After the refill the tab misses nothing: every batch of the new epoch past the view's
    // seq reaches it live or by a resume from the node's backlog.
    const after = await until('a later batch in the tab', () =>
      live.find((b) => b.ep === next.ep && b.seq > recent.seq + 1),
    );
    const ack = await resume(next.ep, recent.seq);
    if (!ack.ok) throw new Error(`resume refused: ${ack.error}`);
    const caughtUp = new Set([
      ...ack.batches.map((bytes) => decode(bytes as Buffer).seq),
      ...live.filter((b) => b.ep === next.ep).map((b) => b.seq),
    ]);
    for (let seq = recent.seq + 1; seq <= after.seq; seq++)
      expect(caughtUp.has(seq), `seq ${seq}`).toBe(true);
    // The API node's data host reaches the new leader.
    const status = await until('the new leader status', () => api.app.market.source.status ?? undefined);
    expect(status.restored).toBe(true);

    standby.child.kill('SIGTERM');
    expect(await exitWithin(standby, 10_000)).toBe(0);
  }, 150_000);
});

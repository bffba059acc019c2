import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROTOCOL_VERSION } from '@tapeline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../../platform/bus/bus.ts';
import { createMemoryBus } from '../../../platform/bus/memoryBus.ts';
import { type Log, silentLog } from '../../../platform/log.ts';
import { createManualClock } from '../../../test/manualClock.ts';
import { QUERY_TOPIC, replyTopic, STATUS_TOPIC } from './busProtocol.ts';
import { startEngineService } from './engineService.ts';
import { type EngineHost, startEngineHost } from './host.ts';
import type { EngineQuery } from './protocol.ts';
import { createRemoteEngine } from './remoteEngine.ts';
import { type EngineSource, EngineUnavailableError } from './source.ts';

// Friday 2026-11-20, 09:30 New York: a regular session for the hand-fed engine.
const OPEN = Date.UTC(2026, 10, 20, 14, 30);
const log = silentLog;
// The engine's timers (heartbeats, query deadlines) move only when a test moves this clock.
const clock = createManualClock(OPEN);
const trade = (sym: string, price: number, size: number, minute: number) =>
  JSON.stringify({ type: 'trade', sym, price, size, ts: OPEN + minute * 60_000 });

let dir: string;
let host: EngineHost;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tapeline-rpc-'));
  host = await startEngineHost(
    {
      feed: 'manual',
      checkpointFile: path.join(dir, 'checkpoint.bin'),
      drainMs: 50,
      checkpointMs: 60_000,
      clockStart: OPEN,
      source: null,
    },
    log,
    clock,
  );
  const batch = new Promise((resolve) => host.onBatch(resolve));
  host.push([trade('ABC', 10, 100, 0), trade('ABC', 11, 300, 1), trade('XYZ', 50, 200, 2)]);
  await batch; // the prints are in the engine
});
afterAll(async () => {
  await host?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** An engine whose answers the test controls, to exercise failures the real one cannot be made to have. */
function scriptedEngine(answer: (query: EngineQuery) => Promise<string>): EngineSource {
  const status = { feed: 'scripted', symbols: 0, clock: OPEN, phase: 'regular', trades: 0, restored: false };
  return {
    status,
    query: (query) => (query.kind === 'status' ? Promise.resolve(JSON.stringify(status)) : answer(query)),
  };
}

function capturingLog(): Log & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    ...silentLog,
    warnings,
    warn: (_fields: object | string, msg?: string) => void warnings.push(msg ?? ''),
  };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function timed<T>(work: Promise<T>): Promise<{ ms: number; result: T | Error }> {
  const start = Date.now();
  const result = await work.catch((error: Error) => error);
  return { ms: Date.now() - start, result };
}

describe('engine queries over the bus (memory bus)', () => {
  it('answers with exactly what the engine thread computed, matching concurrent queries by id', async () => {
    const bus = createMemoryBus();
    const service = await startEngineService(bus, host, log, { clock });
    const remote = await createRemoteEngine(bus, { clock });
    const queries: EngineQuery[] = [
      { kind: 'names' },
      { kind: 'discovery', tf: '15min', access: 'pro' },
      { kind: 'discovery', tf: '15min', access: 'proplus' },
      { kind: 'realVolume', symbol: 'ABC' },
      { kind: 'sectorCounts' },
    ];
    const [viaBus, direct] = await Promise.all([
      Promise.all(queries.map((q) => remote.query(q))),
      Promise.all(queries.map((q) => host.query(q))),
    ]);
    expect(viaBus).toEqual(direct);
    const rows = JSON.parse(viaBus[1] ?? '[]') as { s: string; l: number }[];
    expect(rows.find((r) => r.s === 'ABC')).toMatchObject({ l: 11 });
    await until(() => remote.status !== null);
    expect(remote.status).toMatchObject({ feed: 'manual', trades: 3 });
    await service.stop();
    await remote.close();
  });

  it('fails at once, as unavailable, after the engine says goodbye', async () => {
    const bus = createMemoryBus();
    const service = await startEngineService(bus, host, log, { clock });
    const remote = await createRemoteEngine(bus, { timeoutMs: 10_000, clock });
    await until(() => remote.status !== null);
    await service.stop();
    expect(remote.status).toBeNull();
    const { ms, result } = await timed(remote.query({ kind: 'names' }));
    expect(result).toBeInstanceOf(EngineUnavailableError);
    expect(ms).toBeLessThan(500);
    await remote.close();
  });

  it('times out as unavailable with no engine on the bus, then fails at once once the silence is long', async () => {
    const bus = createMemoryBus();
    const clock = createManualClock(0);
    const remote = await createRemoteEngine(bus, { timeoutMs: 150, staleMs: 1000, clock });
    let settled = false;
    const waited = remote
      .query({ kind: 'names' })
      .catch((error: Error) => error)
      .finally(() => {
        settled = true;
      });
    clock.advance(149);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    clock.advance(1);
    expect(await waited).toBeInstanceOf(EngineUnavailableError);

    // Past the silence: no timer is moved, so only failing at once can settle this query.
    clock.advance(1001 - 150);
    const fast = await remote.query({ kind: 'names' }, 10_000).catch((error: Error) => error);
    expect(fast).toBeInstanceOf(EngineUnavailableError);
    await remote.close();
  });

  it('comes back when an engine starts again after a silence', async () => {
    const bus = createMemoryBus();
    const remote = await createRemoteEngine(bus, { staleMs: 1000, clock });
    clock.advance(5000);
    await expect(remote.query({ kind: 'names' })).rejects.toBeInstanceOf(EngineUnavailableError);
    const service = await startEngineService(bus, host, log, { clock }); // its first heartbeat is immediate
    expect(JSON.parse(await remote.query({ kind: 'names' }))).toEqual(
      expect.arrayContaining([expect.objectContaining({ s: 'XYZ' })]),
    );
    await service.stop();
    await remote.close();
  });

  it("passes an engine's own failure on as an error, not as unavailability", async () => {
    const bus = createMemoryBus();
    const service = await startEngineService(
      bus,
      scriptedEngine(() => Promise.reject(new Error('no such table'))),
      log,
      { clock },
    );
    const remote = await createRemoteEngine(bus, { clock });
    const { result } = await timed(remote.query({ kind: 'names' }));
    expect(result).toBeInstanceOf(Error);
    expect(result).not.toBeInstanceOf(EngineUnavailableError);
    expect((result as Error).message).toBe('no such table');
    await service.stop();
    await remote.close();
  });

  it('ignores malformed requests and stray replies, and keeps answering', async () => {
    const bus: Bus = createMemoryBus();
    const seen: string[] = [];
    const service = await startEngineService(
      bus,
      scriptedEngine(async (q) => {
        seen.push(q.kind);
        return '[]';
      }),
      log,
      { clock },
    );
    const remote = await createRemoteEngine(bus, { clock });
    // Of this protocol version but malformed (another version is busProtocol.versions.test's).
    const v = PROTOCOL_VERSION;
    for (const junk of [
      'not json',
      JSON.stringify({ v, id: 1 }),
      JSON.stringify({ v, id: 1, node: 'not-hex!', query: { kind: 'names' } }),
      JSON.stringify({ v, id: 1, node: remote.node, query: { kind: 'drop tables' } }),
      JSON.stringify({
        v,
        id: 1,
        node: remote.node,
        query: { kind: 'discovery', tf: '7min', access: 'pro' },
      }),
      JSON.stringify({
        v,
        id: 1,
        node: remote.node,
        query: { kind: 'quotes', symbols: Array(101).fill('A'), spark: false },
      }),
    ]) {
      await bus.publish(QUERY_TOPIC, junk);
    }
    await bus.publish(replyTopic(remote.node), '999 ok "nobody asked"');
    await bus.publish(replyTopic(remote.node), 'garbage');
    await bus.publish(STATUS_TOPIC, JSON.stringify({ v, engine: 'zz' }));
    expect(seen).toEqual([]);
    expect(await remote.query({ kind: 'optionable' })).toBe('[]');
    expect(seen).toEqual(['optionable']);
    await service.stop();
    await remote.close();
  });

  it('warns when a second engine publishes on the same bus', async () => {
    const bus = createMemoryBus();
    const first = capturingLog();
    const a = await startEngineService(
      bus,
      scriptedEngine(async () => '[]'),
      first,
      { clock },
    );
    const b = await startEngineService(
      bus,
      scriptedEngine(async () => '[]'),
      log,
      { clock },
    );
    expect(first.warnings).toContain('another market engine publishes on this bus; run only one');
    await a.stop();
    await b.stop();
  });
});

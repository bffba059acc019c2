import { PROTOCOL_VERSION } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../../platform/bus/memoryBus.ts';
import { type Log, silentLog } from '../../../platform/log.ts';
import { createManualClock } from '../../../test/manualClock.ts';
import { QUERY_TOPIC, replyTopic, STATUS_TOPIC } from './busProtocol.ts';
import { startEngineService } from './engineService.ts';
import type { EngineQuery } from './protocol.ts';
import { createRemoteEngine } from './remoteEngine.ts';
import { type EngineSource, EngineUnavailableError } from './source.ts';

// Heartbeats and query deadlines move only with this clock; the first heartbeat is immediate.
const clock = createManualClock();

// Bus messages name core's PROTOCOL_VERSION; a peer on another version is refused, logged with
// both versions, and never misread. Run on the memory bus with a scripted engine.

const status = { feed: 'scripted', symbols: 0, clock: 0, phase: 'regular', trades: 0, restored: false };
const OTHER = PROTOCOL_VERSION + 1;
const NODE = '0123456789abcdef';

function scriptedEngine(seen: EngineQuery['kind'][]): EngineSource {
  return {
    status,
    query: async (query) => {
      if (query.kind === 'status') return JSON.stringify(status);
      seen.push(query.kind);
      return '[]';
    },
  };
}

function capturingLog(): Log & { errors: string[] } {
  const errors: string[] = [];
  return {
    ...silentLog,
    errors,
    error: (_fields: object | string, msg?: string) => void errors.push(msg ?? ''),
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error('condition never held');
}

describe('protocol versions on the engine bus', () => {
  it('queries and heartbeats name this version', async () => {
    const bus = createMemoryBus();
    const sent: unknown[] = [];
    await bus.subscribe(QUERY_TOPIC, (p) => sent.push(JSON.parse(p.toString())));
    await bus.subscribe(STATUS_TOPIC, (p) => sent.push(JSON.parse(p.toString())));
    const service = await startEngineService(bus, scriptedEngine([]), capturingLog(), { clock });
    const remote = await createRemoteEngine(bus, { clock });
    expect(await remote.query({ kind: 'names' })).toBe('[]');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const message of sent) expect(message).toMatchObject({ v: PROTOCOL_VERSION });
    await service.stop();
    await remote.close();
  });

  it('the engine refuses a query of another version and tells the node why, without asking its thread', async () => {
    const bus = createMemoryBus();
    const seen: EngineQuery['kind'][] = [];
    const log = capturingLog();
    const service = await startEngineService(bus, scriptedEngine(seen), log, { clock });
    const replies: string[] = [];
    await bus.subscribe(replyTopic(NODE), (p) => replies.push(p.toString()));
    await bus.publish(QUERY_TOPIC, JSON.stringify({ v: OTHER, id: 7, node: NODE, query: { kind: 'names' } }));
    await until(() => replies.length > 0);
    const why = `an API node's query speaks protocol v${OTHER}, this side speaks v${PROTOCOL_VERSION}: refused; run the same build on both`;
    expect(replies).toEqual([`7 err ${why}`]);
    expect(log.errors).toEqual([why]);
    expect(seen).toEqual([]);
    await service.stop();
  });

  it('a query without a version is protocol 1 (from before versions were named): refused by this v6 engine', async () => {
    const bus = createMemoryBus();
    const seen: EngineQuery['kind'][] = [];
    const log = capturingLog();
    const service = await startEngineService(bus, scriptedEngine(seen), log, { clock });
    const replies: string[] = [];
    await bus.subscribe(replyTopic(NODE), (p) => replies.push(p.toString()));
    await bus.publish(QUERY_TOPIC, JSON.stringify({ id: 8, node: NODE, query: { kind: 'optionable' } }));
    await until(() => replies.length > 0);
    expect(PROTOCOL_VERSION).toBe(6);
    const why = `an API node's query speaks protocol v1, this side speaks v6: refused; run the same build on both`;
    expect(replies).toEqual([`8 err ${why}`]);
    expect(seen).toEqual([]);
    await service.stop();
  });

  it('a node refuses an engine of another version: no status, queries fail at once saying why, logged once', async () => {
    const bus = createMemoryBus();
    const log = capturingLog();
    const remote = await createRemoteEngine(bus, { log, timeoutMs: 10_000, clock });
    const beat = JSON.stringify({ v: OTHER, engine: 'fedcba9876543210', online: true, status });
    await bus.publish(STATUS_TOPIC, beat);
    await bus.publish(STATUS_TOPIC, beat);
    await until(() => log.errors.length > 0);
    const why = `the market engine speaks protocol v${OTHER}, this side speaks v${PROTOCOL_VERSION}: refused; run the same build on both`;
    expect(log.errors).toEqual([why]);
    expect(remote.status).toBeNull();
    const failed = await remote.query({ kind: 'names' }).catch((error: Error) => error);
    expect(failed).toBeInstanceOf(EngineUnavailableError);
    expect((failed as Error).message).toBe(why);

    // An engine of this version on the bus is taken up again.
    const service = await startEngineService(bus, scriptedEngine([]), capturingLog(), { clock });
    await until(() => remote.status !== null);
    expect(await remote.query({ kind: 'names' })).toBe('[]');
    await service.stop();
    await remote.close();
  });

  it('an engine says so when another engine of another version publishes on its bus', async () => {
    const bus = createMemoryBus();
    const log = capturingLog();
    const service = await startEngineService(bus, scriptedEngine([]), log, { clock });
    await bus.publish(
      STATUS_TOPIC,
      JSON.stringify({ v: OTHER, engine: 'fedcba9876543210', online: true, status }),
    );
    await until(() => log.errors.length > 0);
    expect(log.errors).toEqual([
      `another market engine on this bus speaks protocol v${OTHER}, this side speaks v${PROTOCOL_VERSION}: refused; run the same build on both`,
    ]);
    await service.stop();
  });
});

import { randomBytes } from 'node:crypto';
import { PROTOCOL_VERSION } from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Log } from '../../../platform/log.ts';
import {
  decodeReply,
  type EngineRequest,
  engineStatusSchema,
  HEARTBEAT_MS,
  heartbeatSchema,
  parseJson,
  QUERY_TOPIC,
  refusal,
  replyTopic,
  STATUS_TOPIC,
} from './busProtocol.ts';
import type { EngineStatus } from './protocol.ts';
import { type EngineSource, EngineUnavailableError } from './source.ts';

export interface RemoteEngineOptions {
  /** How long a query waits for the engine's answer (default 3 s). */
  timeoutMs?: number;
  /** Silence after which the engine counts as gone and queries fail at once (default 3 heartbeats). */
  staleMs?: number;
  clock: Clock;
  /** Called with each engine status heard, e.g. to compare it with this node's configuration. */
  onStatus?: (status: EngineStatus) => void;
  /** Where an engine of another protocol version is reported (once, until a matching one is heard). */
  log?: Pick<Log, 'error'>;
}

export interface RemoteEngine extends EngineSource {
  readonly node: string;
  close(): Promise<void>;
}

/**
 * The API node's handle on an engine in another process: queries go out on the bus with an
 * id and this node's reply topic. An engine that said goodbye, or has not been heard from for
 * a while, fails queries at once instead of making every request wait for the timeout.
 */
export async function createRemoteEngine(bus: Bus, options: RemoteEngineOptions): Promise<RemoteEngine> {
  const node = randomBytes(8).toString('hex');
  const { clock } = options;
  const now = () => clock.now();
  const timeoutMs = options.timeoutMs ?? 3000;
  const staleMs = options.staleMs ?? 3 * HEARTBEAT_MS;
  const startedAt = now();
  const pending = new Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let lastHeard: number | null = null;
  let status: EngineStatus | null = null;
  let engineId: string | null = null;
  let saidGoodbye = false;
  // Set while the only engine heard speaks another protocol version: queries fail with why.
  let refusedEngine: string | null = null;

  const offReplies = await bus.subscribe(replyTopic(node), (payload) => {
    const reply = decodeReply(payload.toString());
    if (!reply) return;
    const waiting = pending.get(reply.id);
    if (!waiting) return; // late (timed out) or a second engine's duplicate
    pending.delete(reply.id);
    lastHeard = now();
    if (reply.ok) waiting.resolve(reply.json);
    else waiting.reject(new Error(reply.error));
  });
  const offStatus = await bus.subscribe(STATUS_TOPIC, (payload) => {
    const message = parseJson(payload);
    const refused = refusal('the market engine', message);
    if (refused) {
      if (refused.text !== refusedEngine) options.log?.error({ version: refused.version }, refused.text);
      refusedEngine = refused.text;
      return;
    }
    const beat = heartbeatSchema.safeParse(message);
    if (!beat.success) return;
    const { engine, online } = beat.data;
    if (online) {
      refusedEngine = null;
      engineId = engine;
      saidGoodbye = false;
      lastHeard = now();
      status = beat.data.status;
      if (status) options.onStatus?.(status);
    } else if (engine === engineId || engineId === null) {
      saidGoodbye = true;
      status = null;
    }
  });

  const gone = () => saidGoodbye || now() - (lastHeard ?? startedAt) > staleMs;

  const remote: RemoteEngine = {
    node,
    get status() {
      return refusedEngine || gone() ? null : status;
    },
    query(query, queryTimeoutMs = timeoutMs) {
      if (refusedEngine) return Promise.reject(new EngineUnavailableError(refusedEngine));
      if (gone()) return Promise.reject(new EngineUnavailableError('no market engine is running'));
      return new Promise<string>((resolve, reject) => {
        const id = nextId++;
        const timer = clock.setTimeout(() => {
          pending.delete(id);
          reject(new EngineUnavailableError('market engine did not answer in time'));
        }, queryTimeoutMs);
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            timer.cancel();
            fn(value);
          };
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
        const request: EngineRequest = { v: PROTOCOL_VERSION, id, node, query };
        bus.publish(QUERY_TOPIC, JSON.stringify(request)).catch(() => {
          pending.delete(id);
          settle(reject)(new EngineUnavailableError('the bus is unreachable'));
        });
      });
    },
    async close() {
      await offReplies();
      await offStatus();
      for (const waiting of pending.values()) waiting.reject(new EngineUnavailableError('node stopping'));
      pending.clear();
    },
  };
  // Ask for the status now rather than wait up to a heartbeat for it; no engine is no error.
  remote.query({ kind: 'status' }, HEARTBEAT_MS).then(
    (json) => {
      const parsed = engineStatusSchema.safeParse(parseJson(json));
      if (parsed.success && status === null && !saidGoodbye) status = parsed.data;
    },
    () => undefined,
  );
  return remote;
}

import { randomBytes } from 'node:crypto';
import { PROTOCOL_VERSION } from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Log } from '../../../platform/log.ts';
import {
  encodeReply,
  engineRequestSchema,
  HEARTBEAT_MS,
  type Heartbeat,
  heartbeatSchema,
  parseJson,
  QUERY_TOPIC,
  refusal,
  replyTopic,
  STATUS_TOPIC,
} from './busProtocol.ts';
import type { EngineStatus } from './protocol.ts';
import type { EngineSource } from './source.ts';

export interface EngineServiceOptions {
  clock: Clock;
  heartbeatMs?: number;
  /** How long one query may take on the engine before the asking node is told it failed. */
  queryTimeoutMs?: number;
}

export interface EngineService {
  readonly id: string;
  /** Says goodbye on the bus (nodes stop asking at once) and stops answering. */
  stop(): Promise<void>;
}

/**
 * The engine process's side of the bus: answers data-host queries from API nodes and
 * announces that it is alive. The engine itself stays on its thread behind `engine`.
 */
export async function startEngineService(
  bus: Bus,
  engine: EngineSource,
  log: Log,
  options: EngineServiceOptions,
): Promise<EngineService> {
  const { clock } = options;
  const id = randomBytes(8).toString('hex');
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const queryTimeoutMs = options.queryTimeoutMs ?? 5000;
  let stopped = false;
  let warnedTwin = false;

  const publish = (topic: string, payload: string) =>
    bus.publish(topic, payload).catch((error: Error) => {
      log.error({ err: error, topic }, 'engine could not publish on the bus');
    });

  const offQuery = await bus.subscribe(QUERY_TOPIC, (payload) => {
    if (stopped) return;
    const message = parseJson(payload);
    const refused = refusal("an API node's query", message);
    if (refused) {
      log.error({ version: refused.version, node: refused.node }, refused.text);
      if (refused.id !== undefined && refused.node !== undefined) {
        void publish(replyTopic(refused.node), encodeReply(refused.id, { ok: false, error: refused.text }));
      }
      return;
    }
    const parsed = engineRequestSchema.safeParse(message);
    if (!parsed.success) {
      log.warn({ issues: parsed.error.issues.length }, 'malformed engine query on the bus ignored');
      return;
    }
    const { id: requestId, node, query } = parsed.data;
    engine.query(query, queryTimeoutMs).then(
      (json) => publish(replyTopic(node), encodeReply(requestId, { ok: true, json })),
      (error: Error) =>
        publish(replyTopic(node), encodeReply(requestId, { ok: false, error: error.message })),
    );
  });

  // Two engines on one bus would each publish every batch: say so rather than double the stream.
  const offStatus = await bus.subscribe(STATUS_TOPIC, (payload) => {
    const message = parseJson(payload);
    const refused = refusal('another market engine on this bus', message);
    if (refused && !warnedTwin) {
      warnedTwin = true;
      log.error({ version: refused.version }, refused.text);
    }
    const beat = heartbeatSchema.safeParse(message);
    if (!beat.success || beat.data.engine === id || !beat.data.online || warnedTwin) return;
    warnedTwin = true;
    log.warn({ other: beat.data.engine }, 'another market engine publishes on this bus; run only one');
  });

  // A fresh status from the engine thread; an engine too busy to give one sends no heartbeat,
  // and nodes treat its silence as unavailability.
  const heartbeat = async (online: boolean) => {
    let status: EngineStatus | null = null;
    if (online) {
      try {
        status = JSON.parse(await engine.query({ kind: 'status' }, heartbeatMs)) as EngineStatus;
      } catch {
        return;
      }
      if (stopped) return;
    }
    await publish(
      STATUS_TOPIC,
      JSON.stringify({ v: PROTOCOL_VERSION, engine: id, online, status } satisfies Heartbeat),
    );
  };
  await heartbeat(true);
  const timer = clock.setInterval(() => void heartbeat(true), heartbeatMs);

  return {
    id,
    async stop() {
      if (stopped) return;
      stopped = true;
      timer.cancel();
      await offQuery();
      await offStatus();
      await heartbeat(false);
    },
  };
}

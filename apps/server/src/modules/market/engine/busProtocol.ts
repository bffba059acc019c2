import {
  CUSTOM_LIST_MAX,
  PROTOCOL_VERSION,
  protocolMismatch,
  protocolOf,
  STREAM_RECENT_TYPES,
  type StreamRecentQuery,
  TIMEFRAME_IDS,
} from '@tapeline/core';
import { z } from 'zod';
import { type EngineQuery, type EngineStatus, QUOTES_QUERY_MAX } from './protocol.ts';

/**
 * The engine process and the API nodes over the bus (topics are namespaced by BUS_PREFIX):
 * a node asks on QUERY_TOPIC naming its own reply topic, the engine answers there, and the
 * engine announces itself on STATUS_TOPIC every few seconds and once more when it stops.
 * Queries and heartbeats carry `v`, core's PROTOCOL_VERSION: each side refuses the other's
 * messages of another version, with a log that names both (see `refusal`).
 */
export const QUERY_TOPIC = 'engine:query';
export const STATUS_TOPIC = 'engine:status';
export const replyTopic = (node: string) => `engine:reply:${node}`;

export const HEARTBEAT_MS = 2000;

const nodeId = z.string().regex(/^[0-9a-f]{8,32}$/);

/**
 * Senders always set it. Absent reads as protocol 1 (before versions were named); `refusal`
 * turns away other versions before a message reaches these schemas.
 */
const version = z.literal(PROTOCOL_VERSION).optional();

/** A recent-stream query as the API node normalized it (core streamRecentQuerySchema's output). */
const range = z.object({ min: z.number(), max: z.number() });
const streamRecentBusSchema: z.ZodType<StreamRecentQuery> = z.object({
  type: z.enum(STREAM_RECENT_TYPES),
  price: range,
  volume: range,
  float: range,
  atr: range,
  gap: range,
  count: range,
  off: z.array(z.number().int()).max(256),
  symbols: z.array(z.string().min(1).max(16)).max(CUSTOM_LIST_MAX),
  optionable: z.boolean(),
});

const engineQuerySchema: z.ZodType<EngineQuery> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('discovery'),
    tf: z.enum(TIMEFRAME_IDS),
    access: z.enum(['none', 'pro', 'oldpro', 'proplus']),
  }),
  z.object({ kind: z.literal('names') }),
  z.object({ kind: z.literal('moneyFlow'), symbol: z.string().min(1).max(16) }),
  z.object({ kind: z.literal('realVolume'), symbol: z.string().min(1).max(16) }),
  z.object({ kind: z.literal('sectorCounts') }),
  z.object({ kind: z.literal('optionable') }),
  z.object({ kind: z.literal('meters') }),
  z.object({ kind: z.literal('status') }),
  z.object({
    kind: z.literal('quotes'),
    symbols: z.array(z.string().min(1).max(16)).max(QUOTES_QUERY_MAX),
    spark: z.boolean(),
  }),
  z.object({ kind: z.literal('simNews'), since: z.number() }),
  z.object({ kind: z.literal('streamRecent'), query: streamRecentBusSchema, proPlus: z.boolean() }),
]);

/** A query from node `node`; `id` is unique on that node. */
export const engineRequestSchema = z.object({
  v: version,
  id: z.number().int().nonnegative(),
  node: nodeId,
  query: engineQuerySchema,
});
export type EngineRequest = z.infer<typeof engineRequestSchema>;

export const engineStatusSchema: z.ZodType<EngineStatus> = z.object({
  feed: z.string(),
  symbols: z.number(),
  clock: z.number(),
  phase: z.string(),
  trades: z.number(),
  restored: z.boolean(),
  counters: z
    .object({
      batches: z.number(),
      batchMs: z.number(),
      discoveryRecomputes: z.number(),
      discoveryMs: z.number(),
      alertsEvaluated: z.number(),
      alertsFired: z.number(),
      feedReconnects: z.number(),
    })
    .optional(),
});

/** `online: false` is the goodbye of an engine that is stopping. */
export const heartbeatSchema = z.object({
  v: version,
  engine: nodeId,
  online: z.boolean(),
  status: engineStatusSchema.nullable(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/**
 * A message of another protocol version: the text to log and, for a query, to send back. The
 * peer's identity is read loosely, as its message need not match this version's schema. Null
 * when the message is of this version (or not JSON at all: the schema then says malformed).
 */
export function refusal(
  what: string,
  message: unknown,
): { text: string; version: number; id?: number; node?: string } | null {
  if (message === undefined) return null;
  const version = protocolOf(message);
  if (version === PROTOCOL_VERSION) return null;
  const loose = z.object({ id: z.number().int().nonnegative(), node: nodeId }).partial().safeParse(message);
  return { text: protocolMismatch(what, version), version, ...(loose.success ? loose.data : {}) };
}

/**
 * Replies are `<id> ok <json>` or `<id> err <message>`: the answer is JSON the engine already
 * serialized, and wrapping it in another JSON document would escape megabytes of Discovery.
 * Replies carry no version: they answer a query that named this one, and their framing stays
 * the same across versions so that a refusal (`<id> err <why>`) reaches a node of any version.
 */
export function encodeReply(id: number, result: { ok: true; json: string } | { ok: false; error: string }) {
  return result.ok ? `${id} ok ${result.json}` : `${id} err ${result.error}`;
}

export function decodeReply(
  text: string,
): { id: number; ok: true; json: string } | { id: number; ok: false; error: string } | null {
  const match = /^(\d+) (ok|err) /.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  const rest = text.slice(match[0].length);
  return match[2] === 'ok' ? { id, ok: true, json: rest } : { id, ok: false, error: rest };
}

/** JSON from the bus, or undefined when it is not JSON at all. */
export function parseJson(payload: string | Buffer): unknown {
  try {
    return JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
}

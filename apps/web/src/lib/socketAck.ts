import {
  type ClientAnswer,
  type ClientBody,
  type ClientEvent,
  PROTOCOL_VERSION,
  type SocketAck,
  type SocketRefusal,
  socketAckSchema,
} from '@tapeline/core';
import type { z } from 'zod';

// The client half of core's socket protocol (socketProtocol.ts), apart from the socket itself so
// the widget tests' fake socket (test-setup/fakeSocket.ts) reads acks exactly as the tab does.

/** What a caller writes for `event`: its body without `v`, which `request` adds (and only it). */
export type RequestBody<E extends ClientEvent> =
  ClientBody<E> extends infer B ? (B extends unknown ? Omit<B, 'v'> & { v?: never } : never) : never;

/** A call as a value (a room's join or leave message): the event and its body, typed together. */
export type SocketCall = { [E in ClientEvent]: readonly [event: E, body: RequestBody<E>] }[ClientEvent];

/** The ack of a served call: `ok: true` with the event's answer fields. */
export type Served<E extends ClientEvent> = { ok: true } & ClientAnswer<E>;

/**
 * Why a call was not served: the server refused it (`refusal` holds its one refusal shape), or
 * no readable answer came: the socket was not connected (not queued for later: stale typing
 * notices and votes must not replay), the one timeout passed, or the ack did not parse.
 */
export type SocketCallFailure = 'refused' | 'offline' | 'timeout' | 'unreadable';

/** The one way a socket call fails: `request` rejects with it, and only with it. */
export class SocketCallError extends Error {
  readonly event: ClientEvent;
  readonly reason: SocketCallFailure;
  /** The server's refusal (`reason` 'refused'); null when the server gave no readable answer. */
  readonly refusal: SocketRefusal | null;
  constructor(event: ClientEvent, reason: SocketCallFailure, refusal: SocketRefusal | null = null) {
    super(refusal ? `${event} refused: ${refusal.error}` : `${event} not answered: ${reason}`);
    this.name = 'SocketCallError';
    this.event = event;
    this.reason = reason;
    this.refusal = refusal;
  }
}

/** The server's refusal carried by a failed call, or null (not refused, or not a socket call). */
export function refusalOf(error: unknown): SocketRefusal | null {
  return error instanceof SocketCallError ? error.refusal : null;
}

/** The message as it goes on the wire: the body with this client's protocol version. */
export function wireBody<E extends ClientEvent>(body: RequestBody<E>): ClientBody<E> {
  return { v: PROTOCOL_VERSION, ...body } as ClientBody<E>;
}

/** Each event's ack schema, built once. */
const ackSchemas = new Map<ClientEvent, z.ZodType<SocketAck<object>>>();

function ackSchemaOf(event: ClientEvent): z.ZodType<SocketAck<object>> {
  const known = ackSchemas.get(event);
  if (known) return known;
  const schema = socketAckSchema(event) as z.ZodType<SocketAck<object>>;
  ackSchemas.set(event, schema);
  return schema;
}

/** Reads one ack with core's schema for `event`: the served answer, or the SocketCallError. */
export function readAck<E extends ClientEvent>(event: E, ack: unknown): Served<E> {
  const parsed = ackSchemaOf(event).safeParse(ack);
  if (!parsed.success) throw new SocketCallError(event, 'unreadable');
  if (!parsed.data.ok) throw new SocketCallError(event, 'refused', parsed.data);
  return parsed.data as Served<E>;
}

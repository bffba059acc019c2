import {
  type ClientAnswer,
  type ClientBodyParsed,
  type ClientEvent,
  PROTOCOL_VERSION,
  protocolOf,
  SOCKET_REFUSALS,
  type SocketAck,
  type SocketRefusalCode,
  socketRefusal,
} from '@tapeline/core';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import type { BucketRate } from './tokenBucket.ts';

// One way for a socket event (docs/ARCHITECTURE.md, "A socket event"): a module declares it with
// `socketRoute(io, {event, schema, guard, rateLimit?}, handler)`, as an HTTP route with `route()`;
// the one connection handler (socketServer.ts) runs every call through `dispatchSocketCall`
// (socketCalls.ts): buckets, envelope, schema, guard, handler, one ack.

/** Who a socket is: set once at the handshake (socketServer.ts). */
export interface SocketIdentity {
  userId: string;
  /** The session the token names: ending it disconnects the socket (room `session:<id>`). */
  sessionId: string;
}

/** The socket's identity, as the handshake set it (the one place that reads socket.data's ids). */
export function identityOf(socket: Pick<Socket, 'data'>): SocketIdentity {
  const { userId, sessionId } = socket.data as Partial<SocketIdentity>;
  if (typeof userId !== 'string' || typeof sessionId !== 'string') {
    throw new Error('socket without an identity: the handshake middleware did not run');
  }
  return { userId, sessionId };
}

/** Sets the identity at the handshake (socketServer.ts only). */
export function setIdentity(socket: Socket, identity: SocketIdentity): void {
  socket.data.userId = identity.userId;
  socket.data.sessionId = identity.sessionId;
}

/**
 * Who may make a socket call: `name` is what the authorization matrix reads (the HTTP guards'
 * vocabulary: `user`, `subscriber`, `tier:pro`, `role:mod`, …); `check` answers the caller or
 * throws the guard's HttpError (or a SocketRefusalError).
 */
export interface SocketGuard<P> {
  readonly name: string;
  check(identity: SocketIdentity): Promise<P>;
}

/** Any connected socket (the handshake checked the session): leaving a room, nothing to read. */
export const connectedSocket: SocketGuard<SocketIdentity> = {
  name: 'connected',
  check: async (identity) => identity,
};

/** A refusal a handler (or guard) throws: its code's message goes to the caller. */
export class SocketRefusalError extends Error {
  constructor(
    readonly code: SocketRefusalCode,
    /** When waiting helps (ms since the epoch): slow mode, a rate. */
    readonly retryAt: number | null = null,
  ) {
    super(code);
  }
}

/** What a handler gets: the socket, who it is, what its guard answered, and the parsed body. */
export interface SocketCall<P, B> {
  socket: Socket;
  identity: SocketIdentity;
  principal: P;
  body: B;
}

/** What a handler answers: the event's ack fields (core CLIENT_MESSAGES), or nothing. */
export type SocketAnswer<E extends ClientEvent> = keyof ClientAnswer<E> extends never
  ? undefined | Record<never, never>
  : ClientAnswer<E>;

export interface SocketRouteSpec<P, E extends ClientEvent> {
  event: E;
  /** The event's body schema from core (CLIENT_MESSAGES[event].body). */
  schema: z.ZodType<ClientBodyParsed<E>, unknown>;
  guard: SocketGuard<P>;
  /**
   * This event's own limit per user, on top of the socket's and user's buckets, checked after
   * the schema (a malformed call is refused as such) and before the guard's read and the handler.
   */
  rateLimit?: BucketRate;
}

export interface SocketRoute {
  event: ClientEvent;
  schema: z.ZodType<unknown, unknown>;
  guard: SocketGuard<unknown>;
  rateLimit?: BucketRate;
  handler(call: SocketCall<unknown, unknown>): Promise<object | undefined>;
}

const registries = new WeakMap<Server, Map<string, SocketRoute>>();

/** The routes declared on a server, by event (the connection handler and the matrix read them). */
export function socketRoutes(io: Server): ReadonlyMap<string, SocketRoute> {
  return registries.get(io) ?? new Map();
}

/** What the authorization matrix reads: every declared socket event and its guard's name. */
export function declaredSocketEvents(io: Server): ReadonlyMap<string, string> {
  return new Map([...socketRoutes(io)].map(([event, route]) => [event, route.guard.name]));
}

/**
 * Declares a socket event: its core schema, who may call it, its own rate if any, then the
 * handler with the parsed body and the caller in hand. The ack is `{ok: true, …answer}`, or a
 * refusal `{ok: false, error, message, retry_at?}`; nothing a client sends throws past here.
 */
export function socketRoute<P, E extends ClientEvent>(
  io: Server,
  spec: SocketRouteSpec<P, E>,
  handler: (call: SocketCall<P, ClientBodyParsed<E>>) => Promise<SocketAnswer<E> | undefined>,
): void {
  const registry = registries.get(io) ?? new Map<string, SocketRoute>();
  registries.set(io, registry);
  if (registry.has(spec.event)) throw new Error(`socket event ${spec.event} declared twice`);
  registry.set(spec.event, {
    event: spec.event,
    schema: spec.schema,
    guard: spec.guard as SocketGuard<unknown>,
    rateLimit: spec.rateLimit,
    handler: handler as SocketRoute['handler'],
  });
}

/** The ack of a refusal; a guard's HttpError becomes its code (401 → `unauthorized`). */
export function refusalOf(error: unknown): SocketAck | null {
  if (error instanceof SocketRefusalError) return socketRefusal(error.code, error.retryAt);
  if (error instanceof HttpError) {
    if (error.status === 401) return socketRefusal('unauthorized');
    if (error.status === 403) {
      return socketRefusal(error.code in SOCKET_REFUSALS ? (error.code as SocketRefusalCode) : 'forbidden');
    }
  }
  return null;
}

/** The body's protocol: a body that names another version (or none) is refused unread. */
export function speaksThisProtocol(body: unknown): boolean {
  return protocolOf(body) === PROTOCOL_VERSION;
}

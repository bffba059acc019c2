import { protocolMismatch, protocolOf, type SocketAck, socketRefusal } from '@tapeline/core';
import type { Server, Socket } from 'socket.io';
import type { Clock } from '../clock.ts';
import type { Log } from '../log.ts';
import { concurrencyLimit } from '../singleFlight.ts';
import { identityOf, refusalOf, type SocketRoute, socketRoutes, speaksThisProtocol } from './socketRoute.ts';
import { type BucketRate, TokenBuckets } from './tokenBucket.ts';

/**
 * What one node lets a socket and a user do (docs/decisions.md, "One way for real-time"):
 * - `socket` / `user`: token buckets checked before anything is parsed or read. A tab's burst at
 *   connect (stream, quotes, news, a chat channel, Discovery, two resumes) is well inside 40; a
 *   user's 12 sockets share 120.
 * - `refusals`: a socket refused by those buckets faster than this refills is flooding, and is
 *   disconnected (its tab reconnects and joins its rooms again, at the ordinary pace).
 * - `inFlightPerUser`: calls of one user that run at once (guard read, handler); the rest wait
 *   in order, so one user's burst holds at most two database connections.
 * - `socketsPerUser`: sockets one user may hold on a node (the handshake refuses the next).
 */
export interface RealtimeLimits {
  socket: BucketRate;
  user: BucketRate;
  refusals: BucketRate;
  inFlightPerUser: number;
  socketsPerUser: number;
}

export const REALTIME_LIMITS: RealtimeLimits = {
  socket: { burst: 40, perSecond: 10 },
  user: { burst: 120, perSecond: 30 },
  refusals: { burst: 100, perSecond: 1 },
  inFlightPerUser: 2,
  socketsPerUser: 12,
};

export interface RealtimeOptions {
  /** The injected clock (buckets, bans, caches). */
  clock: Pick<Clock, 'now'>;
  log: Log;
  limits?: RealtimeLimits;
  /** Told when a user's socket connects (after its handshake), e.g. to get their clips ready. */
  onConnect?: (userId: string) => void;
}

type Ack = (answer: SocketAck<object>) => void;

/**
 * Runs every call of every socket through the routes declared on `io`, in this order: the
 * socket's and the user's buckets (nothing parsed yet), the envelope (a declared event, one body
 * naming this protocol, an ack), its schema, the event's own rate, then in the user's lane its
 * guard and handler. Each step's refusal is the one ack shape; a call without an ack hears nothing.
 */
export function createSocketCalls(io: Server, options: RealtimeOptions) {
  const limits = options.limits ?? REALTIME_LIMITS;
  const now = () => options.clock.now();
  const socketBuckets = new TokenBuckets<string>(limits.socket, now);
  const userBuckets = new TokenBuckets<string>(limits.user, now);
  const refusalBuckets = new TokenBuckets<string>(limits.refusals, now);
  const routeBuckets = new Map<string, TokenBuckets<string>>();
  const lane = concurrencyLimit<string>(limits.inFlightPerUser);

  const routeBucket = (route: SocketRoute) => {
    if (!route.rateLimit) return null;
    let buckets = routeBuckets.get(route.event);
    if (!buckets) {
      buckets = new TokenBuckets<string>(route.rateLimit, now);
      routeBuckets.set(route.event, buckets);
    }
    return buckets;
  };

  const flooded = (socket: Socket, retryAt: number, ack: Ack | null) => {
    ack?.(socketRefusal('rate_limited', retryAt));
    if (refusalBuckets.take(socket.id) !== null) {
      options.log.warn({ userId: identityOf(socket).userId }, 'socket flooding: disconnected');
      socket.disconnect(true);
      // A graceful close would still read and decode every frame the flooder already sent; the
      // connection is cut instead, so what it queued is never parsed.
      (socket.conn.transport as { socket?: { terminate?: () => void } }).socket?.terminate?.();
    }
  };

  async function call(socket: Socket, event: string, args: unknown[]): Promise<void> {
    // Calls already read off the wire of a socket this node dropped are not worth a refusal.
    if (!socket.connected) return;
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as Ack) : null;
    const body = ack ? args.slice(0, -1) : args;
    const { userId } = identityOf(socket);
    const limited = socketBuckets.take(socket.id) ?? userBuckets.take(userId);
    if (limited !== null) return flooded(socket, limited, ack);

    const route = socketRoutes(io).get(event);
    if (!route || body.length > 1) return ack?.(socketRefusal('bad_request'));
    if (!speaksThisProtocol(body[0])) {
      // Logged with both versions (docs/ARCHITECTURE.md, "Messages between builds"); the
      // buckets above keep a flood of these from flooding the log.
      const theirs = protocolOf(body[0]);
      options.log.warn(
        { userId, event, version: theirs },
        `socket call refused: ${protocolMismatch('this client', theirs)}`,
      );
      return ack?.(socketRefusal('protocol_version'));
    }
    const parsed = route.schema.safeParse(body[0]);
    if (!parsed.success) return ack?.(socketRefusal('bad_request'));
    const ownLimit = routeBucket(route)?.take(userId) ?? null;
    if (ownLimit !== null) return ack?.(socketRefusal('rate_limited', ownLimit));

    const answer = await lane(userId, async (): Promise<SocketAck<object>> => {
      if (!socket.connected) return socketRefusal('unauthorized');
      try {
        const identity = identityOf(socket);
        const principal = await route.guard.check(identity);
        const served = await route.handler({ socket, identity, principal, body: parsed.data });
        return { ...(served ?? {}), ok: true };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) return refusal;
        options.log.warn({ err: error, event, userId }, 'socket call failed');
        return socketRefusal('failed');
      }
    });
    ack?.(answer);
  }

  return {
    /** Listens to every call of a new socket (the one connection handler calls it). */
    attach(socket: Socket): void {
      socket.onAny((event: string, ...args: unknown[]) => void call(socket, event, args));
      socket.once('disconnect', () => {
        socketBuckets.delete(socket.id);
        refusalBuckets.delete(socket.id);
      });
    },
  };
}

import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { messages, refusalMessage } from '@tapeline/core';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Log } from '../log.ts';
import { neverRejects, type RedisWatch } from '../redisWatch.ts';
import { createSocketCalls, REALTIME_LIMITS, type RealtimeOptions } from './socketCalls.ts';
import { identityOf, type SocketIdentity, setIdentity } from './socketRoute.ts';

export type { SocketIdentity };

/** socket.io's adapter channels sit beside the bus's, under the deployment's BUS_PREFIX. */
export const socketAdapterKey = (busPrefix: string): string => `${busPrefix}sio`;

/** Redis for socket.io's adapter: the client it duplicates, the channel key, and the watch. */
export interface SocketAdapterRedis {
  client: Redis;
  /** The adapter's channel prefix: `<BUS_PREFIX>sio`. */
  key: string;
  watch: RedisWatch;
  log: Pick<Log, 'debug'>;
}

/**
 * socket.io on the API's own HTTP server. A connection must present the same bearer token as
 * the API (`auth: {token}`); each joins `user:<id>` so later modules can reach the user, and
 * `session:<id>` so a logout can close exactly its own sockets.
 * With Redis, rooms span every server node through the Redis adapter.
 *
 * This is the one `io.on('connection')`: modules declare their events with `socketRoute`, and
 * every call of every socket runs through `createSocketCalls` (buckets, envelope, schema, guard,
 * handler, one ack). A user holds at most `socketsPerUser` sockets on a node.
 */
export function attachSocketServer(
  server: HttpServer,
  authenticate: (token: string) => Promise<SocketIdentity>,
  options: RealtimeOptions,
  redis: SocketAdapterRedis | null = null,
): Server {
  // Never permessage-deflate: ws would compress every broadcast again per socket (5 ms per client
  // per busy stream batch) and keep zlib state per socket; stream batches arrive already deflated
  // once on the engine thread (docs/decisions.md, "Stream encoding").
  // Pings every 10 s, 5 s to answer: a silently dropped connection is noticed within 15 s
  // rather than the default 45 s, so a tab says "Reconnecting…" and catches up soon
  // (docs/continuity.md §2). The cost is one tiny packet per socket per 10 s.
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    perMessageDeflate: false,
    pingInterval: 10_000,
    pingTimeout: 5_000,
  });
  if (redis) {
    // The adapter needs its own publish and subscribe connections; they close with the server.
    // Both are watched (an outage must not end the process), and a publish that fails during
    // one is dropped, never an unhandled rejection (platform/redisWatch.ts).
    const { client, watch, log } = redis;
    const dropped = (error: Error) =>
      log.debug({ err: error.message }, 'socket.io adapter command dropped: redis unavailable');
    const pub = neverRejects(watch.add('socket.io publisher', client.duplicate()), ['publish'], dropped);
    // Its SUBSCRIBEs (sent once, uncaught) wait for a connection rather than fail.
    const sub = neverRejects(
      watch.add('socket.io subscriber', client.duplicate({ maxRetriesPerRequest: null })),
      ['unsubscribe', 'punsubscribe'],
      dropped,
    );
    // The key follows BUS_PREFIX, so two deployments on one Redis never hear each other's rooms.
    io.adapter(createAdapter(pub, sub, { key: redis.key }));
    const close = io.close.bind(io);
    io.close = async (fn) => {
      // While Redis is away the adapter's UNSUBSCRIBEs would wait for it: connections go first.
      if (!watch.ready()) {
        pub.disconnect();
        sub.disconnect();
      }
      await close(fn);
      pub.disconnect();
      sub.disconnect();
    };
  }
  const { socketsPerUser } = options.limits ?? REALTIME_LIMITS;
  // Sockets per user on this node, counted from the handshake (so simultaneous handshakes cannot
  // all slip under the cap) until the connection closes, however it ends.
  const held = new Map<string, number>();
  io.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    authenticate(token)
      .then((identity) => {
        const count = held.get(identity.userId) ?? 0;
        if (count >= socketsPerUser) {
          const refused = new Error(refusalMessage('too_many_sockets')) as Error & { data?: unknown };
          refused.data = { error: 'too_many_sockets' };
          next(refused);
          return;
        }
        held.set(identity.userId, count + 1);
        socket.conn.once('close', () => {
          const left = (held.get(identity.userId) ?? 1) - 1;
          if (left > 0) held.set(identity.userId, left);
          else held.delete(identity.userId);
        });
        setIdentity(socket, identity);
        next();
      })
      .catch(() => next(new Error(messages.invalidAccessToken)));
  });
  const calls = createSocketCalls(io, options);
  io.on('connection', (socket) => {
    const { userId, sessionId } = identityOf(socket);
    void socket.join([`user:${userId}`, `session:${sessionId}`]);
    calls.attach(socket);
    options.onConnect?.(userId);
  });
  return io;
}

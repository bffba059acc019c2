import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { messages } from '@tapeline/core';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';

export interface SocketIdentity {
  userId: string;
  /** The session the token names: ending it disconnects the socket (room `session:<id>`). */
  sessionId: string;
}

/**
 * socket.io on the API's own HTTP server. A connection must present the same bearer token as
 * the API (`auth: {token}`); each joins `user:<id>` so later modules can reach the user, and
 * `session:<id>` so a logout can close exactly its own sockets.
 * With Redis, rooms span every server node through the Redis adapter.
 */
export function attachSocketServer(
  server: HttpServer,
  authenticate: (token: string) => Promise<SocketIdentity>,
  redis: Redis | null = null,
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
    const pub = redis.duplicate();
    const sub = redis.duplicate();
    io.adapter(createAdapter(pub, sub, { key: 'tapeline:sio' }));
    const close = io.close.bind(io);
    io.close = async (fn) => {
      await close(fn);
      pub.disconnect();
      sub.disconnect();
    };
  }
  io.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    authenticate(token)
      .then((identity) => {
        socket.data.userId = identity.userId;
        socket.data.sessionId = identity.sessionId;
        next();
      })
      .catch(() => next(new Error(messages.invalidAccessToken)));
  });
  io.on('connection', (socket) => {
    void socket.join([`user:${socket.data.userId as string}`, `session:${socket.data.sessionId as string}`]);
  });
  return io;
}

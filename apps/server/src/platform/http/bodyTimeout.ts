import { messages } from '@tapeline/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';

/**
 * A request body must keep arriving: at least `BODY_MIN_BYTES` in every `BODY_WINDOW_MS`, and
 * all of it within `BODY_MAX_MS`. A client that drips a few bytes every few seconds would
 * otherwise hold a socket and a parser open for as long as it likes (slowloris on the body;
 * Node's own `requestTimeout` is checked only every 30 s and Fastify turns it off). The 10 MB
 * profile picture at 1.6 KB/s still arrives; 10 bytes every 5 s is cut after 10 s.
 */
export const BODY_WINDOW_MS = 10_000;
export const BODY_MIN_BYTES = 16 * 1024;
export const BODY_MAX_MS = 120_000;

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** 408 with the JSON error, then the connection is closed: the rest of the body is not awaited. */
function cut(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  request.log.warn({ url: request.routeOptions.url }, 'request body too slow: connection cut');
  if (reply.raw.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: 'request_timeout', message: messages.requestTimeout });
  reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  reply.raw.end(body, () => socket.destroy());
}

/** Watches every request that has a body until it has been read, answered or dropped. */
export function installBodyTimeout(app: FastifyInstance, clock: Clock): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return;
    const socket = request.raw.socket;
    const startedAt = clock.now();
    let seen = socket.bytesRead;
    const watch = clock.setInterval(() => {
      if (request.raw.complete || socket.destroyed) {
        watch.cancel();
        return;
      }
      const read = socket.bytesRead;
      if (read - seen < BODY_MIN_BYTES || clock.now() - startedAt >= BODY_MAX_MS) {
        watch.cancel();
        cut(request, reply);
        return;
      }
      seen = read;
    }, BODY_WINDOW_MS);
    const stop = () => watch.cancel();
    request.raw.once('end', stop);
    request.raw.once('close', stop);
    reply.raw.once('finish', stop);
  });
}

import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether a request comes from this machine itself: the socket's own peer (never `request.ip`,
 * which TRUST_PROXY lets a header set) is loopback, and nothing says it was forwarded — a
 * reverse proxy on the same host connects from loopback on behalf of remote clients.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const { headers } = request;
  return (
    LOOPBACK.has(peer) &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    headers['x-real-ip'] === undefined
  );
}

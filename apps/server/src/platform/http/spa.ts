import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/data/', '/socket.io/', '/voice/'];

/**
 * Source maps give away the original source (and any comment in it): a build may emit them for
 * an error tracker, but the server never hands them out, not even as the page.
 */
const isSourceMap = (pathname: string) => pathname.toLowerCase().endsWith('.map');

/**
 * Whether a miss should get the app's page. Never for API paths (`/api` itself included). A
 * missing file such as a stale `/assets/app-123.js` must stay a 404, or the browser would run
 * HTML as script; a navigation asks for HTML, so a client route with a dot (`/stock/BRK.B`)
 * still loads.
 */
function wantsPage(url: string, accept: string | undefined): boolean {
  const pathname = url.split('?')[0] ?? url;
  if (isSourceMap(pathname)) return false;
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1))) {
    return false;
  }
  return path.extname(pathname) === '' || (accept ?? '').includes('text/html');
}

/**
 * Serves the built web app; any other GET (or HEAD, which answers as GET without the body:
 * RFC 9110 §9.3.2) that wants HTML gets index.html so client routes load directly. Unknown API
 * paths stay JSON 404s.
 */
export async function serveSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      allowedPath: (pathname) => !isSourceMap(pathname),
    });
  } else {
    app.log.warn({ webDist }, 'web build not found: only the API is served');
  }
  app.setNotFoundHandler((request, reply) => {
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (hasBuild && reads && wantsPage(request.url, request.headers.accept)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'not_found', message: messages.notFound });
  });
}

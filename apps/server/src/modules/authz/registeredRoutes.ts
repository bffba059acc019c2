import type { FastifyInstance } from 'fastify';

/**
 * "METHOD /path" for every route the app registered, sorted (HEAD is Fastify's automatic twin
 * of GET and left out), read from Fastify's own route tree so no route can be missed.
 */
export function registeredRoutes(http: FastifyInstance): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of http.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') found.push(`${method} ${path}`);
    }
  }
  return found.sort();
}

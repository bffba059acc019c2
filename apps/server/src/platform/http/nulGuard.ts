import { messages } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const NUL = '\u0000';
/** `%00` anywhere in the raw URL: the path, a parameter or the query, before any decoding. */
const ENCODED_NUL = /%00/i;

const refuse = () => new HttpError(400, 'bad_request', messages.malformedRequest);

/** A NUL in any string or key of a parsed body, at any depth. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  // JSON bodies are at most 1 MB; deeper than this is hostile, and answering 400 is right too.
  if (depth > 64) return true;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
  }
  return false;
}

/**
 * Postgres text cannot hold U+0000 (the query fails) and no field has a use for it, so a NUL
 * anywhere in a request is refused before any route sees it: one place, so no route can forget.
 * Node's HTTP parser already refuses a raw NUL in the request line and headers; this catches
 * the encoded one in the URL and any in a parsed body. Multipart fields are read by their
 * route (POST /api/profile), which applies `containsNul` itself.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes(NUL) || ENCODED_NUL.test(request.url)) throw refuse();
    for (const value of Object.values(request.headers)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && v.includes(NUL))) throw refuse();
    }
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw refuse();
  });
}

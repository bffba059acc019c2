import {
  API_V1_RATE,
  apiKeyMessages,
  messages,
  V1_ERROR_CODES,
  V1_OPERATIONS,
  type V1Operation,
  type V1OperationId,
} from '@tapeline/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../platform/http/errors.ts';
import { API_KEY_IN_URL } from '../../platform/http/redactUrl.ts';
import { type RouteCall, route } from '../../platform/http/route.ts';
import type { Input } from '../../platform/http/validate.ts';
import { type KeyGuards, type KeyPrincipal, rateStates } from './keyGuards.ts';

type Op<I extends V1OperationId> = (typeof V1_OPERATIONS)[I];
type Part<I extends V1OperationId, K extends 'params' | 'query' | 'body'> =
  Op<I> extends Record<K, infer S> ? (S extends z.ZodType ? z.output<S> : undefined) : undefined;
export type V1Call<I extends V1OperationId> = RouteCall<
  KeyPrincipal,
  Part<I, 'body'>,
  Part<I, 'params'>,
  Part<I, 'query'>
>;
export type V1Answer<I extends V1OperationId> = z.output<Op<I>['response']>;

/**
 * Declares the v1 operations (core V1_OPERATIONS) beside the browser's routes of the same
 * module, calling the same actions: `v1.route('listAlerts', ({ principal }) => listAlerts(rules, principal))`.
 * Path, guard (the key, its scope, the user's requirement), inputs and answer all come from the
 * operation's entry, which the OpenAPI document is generated from too.
 */
export interface V1Routes {
  route<I extends V1OperationId>(
    id: I,
    handler: (call: V1Call<I>) => Promise<V1Answer<I> | FastifyReply>,
  ): void;
  /** The operations declared so far (the coverage test compares them with V1_OPERATIONS). */
  declared(): ReadonlySet<V1OperationId>;
}

/** A v1 input's 400: the schema's own wording where core gives one (a refinement), else the generic one. */
function v1Input<T>(schema: z.ZodType<T>): Input<T> {
  return {
    schema,
    code: 'bad_request',
    message: (issue) => (issue?.code === 'custom' ? issue.message : messages.malformedRequest),
  };
}

/** OpenAPI's `{id}` as Fastify's `:id`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** A key belongs in the Authorization header: one in the URL is refused (and never logged, redactUrl). */
const KEY_PARAMS = /^(api_?key|key|token|access_token|apikey|authorization)$/i;
export function keyInUrl(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return API_KEY_IN_URL.test(url);
  if (API_KEY_IN_URL.test(url)) return true;
  return [...new URLSearchParams(url.slice(q + 1)).keys()].some((name) => KEY_PARAMS.test(name));
}

export const keyInUrlError = () => new HttpError(400, V1_ERROR_CODES.keyInUrl, apiKeyMessages.inQuery);

/** Hooks every v1 answer shares: keys in URLs refused before any route runs, the RateLimit-* headers. */
export function installV1Hooks(app: FastifyInstance, prefixes: readonly string[]): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (prefixes.some((p) => request.url.startsWith(p)) && keyInUrl(request.url)) throw keyInUrlError();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const state = rateStates.get(request);
    if (state) {
      reply.header('RateLimit-Limit', String(state.limit));
      reply.header('RateLimit-Remaining', String(state.remaining));
      reply.header('RateLimit-Reset', String(state.resetSec));
      reply.header('RateLimit-Policy', `${state.limit};w=${API_V1_RATE.windowSec}`);
    }
    return payload;
  });
}

export function createV1Routes(app: FastifyInstance, keyGuards: KeyGuards): V1Routes {
  const declared = new Set<V1OperationId>();
  return {
    route(id, handler) {
      const op: V1Operation = V1_OPERATIONS[id];
      declared.add(id);
      route(
        app,
        {
          method: op.method,
          url: fastifyPath(op.path),
          guard: keyGuards.guard(op.scope, op.requires),
          ...(op.params ? { params: v1Input(op.params) } : {}),
          ...(op.query ? { query: v1Input(op.query) } : {}),
          ...(op.body ? { body: v1Input(op.body) } : {}),
        },
        handler as (call: RouteCall<KeyPrincipal, unknown, unknown, unknown>) => Promise<unknown>,
      );
    },
    declared: () => declared,
  };
}

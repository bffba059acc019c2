import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Input, readInput } from './validate.ts';

/**
 * Who may call a route. `name` is what the authorization matrix reads (`user`, `subscriber`,
 * `tier:pro`, `role:admin`, `data:discovery`, …); `check` answers the 401/403 or the caller.
 */
export interface Guard<P> {
  readonly name: string;
  check(request: FastifyRequest): Promise<P>;
}

/** No sign-in: the public forms, the config the browser reads first, signed webhooks. */
export const publicRoute: Guard<undefined> = { name: 'public', check: async () => undefined };

export interface RouteSpec<P, B, Pa, Q, R> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  guard: Guard<P>;
  body?: Input<B>;
  params?: Input<Pa>;
  query?: Input<Q>;
  /**
   * The answer's contract schema. Checked by the compiler against the handler's return type
   * only: serializing through it could reorder or drop fields, and bodies must stay as they are.
   */
  response?: z.ZodType<R>;
  /** After the guard, before input: what must count malformed calls too (a per-user allowance). */
  afterGuard?: (principal: P, request: FastifyRequest) => Promise<void> | void;
  /**
   * Input before the guard. The data host answers a malformed URL (400, or 404 for a file it
   * never serves) to anyone, token or not; everything else checks the caller first.
   */
  inputFirst?: true;
  bodyLimit?: number;
}

export interface RouteCall<P, B, Pa, Q> {
  principal: P;
  body: B;
  params: Pa;
  query: Q;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The guard each route was declared with ("METHOD /url" → name), per server: every plugin scope
 * of one app shares its `server`, so routes declared inside scopes land in the same list.
 */
const registries = new WeakMap<object, Map<string, string>>();

/** What the authorization matrix reads: the declared guard of every route of an app. */
export function declaredGuards(app: FastifyInstance): ReadonlyMap<string, string> {
  return registries.get(app.server) ?? new Map();
}

/**
 * Declares a route: who may call it and what it reads, then the handler with both in hand.
 * Order: guard (401/403), `afterGuard`, then params, query and body (each its own 400), unless
 * `inputFirst`. Any failure is an HttpError the error handler answers as `{error, message}`.
 */
export function route<P, B = undefined, Pa = undefined, Q = undefined, R = unknown>(
  app: FastifyInstance,
  spec: RouteSpec<P, B, Pa, Q, R>,
  // NoInfer: R comes from `response` alone, so the handler is checked against it, not widened.
  handler: (call: RouteCall<P, B, Pa, Q>) => Promise<NoInfer<R> | FastifyReply>,
): void {
  const read = (request: FastifyRequest) => ({
    params: (spec.params ? readInput(spec.params, request.params) : undefined) as Pa,
    query: (spec.query ? readInput(spec.query, request.query) : undefined) as Q,
    body: (spec.body ? readInput(spec.body, request.body) : undefined) as B,
  });
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const early = spec.inputFirst ? read(request) : undefined;
    const principal = await spec.guard.check(request);
    await spec.afterGuard?.(principal, request);
    return handler({ principal, ...(early ?? read(request)), request, reply });
  };
  const registry = registries.get(app.server) ?? new Map<string, string>();
  registries.set(app.server, registry);
  registry.set(`${spec.method} ${spec.url}`, spec.guard.name);
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: handle,
  });
}

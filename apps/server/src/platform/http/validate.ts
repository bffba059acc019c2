import { messages } from '@tapeline/core';
import type { z } from 'zod';
import { HttpError } from './errors.ts';
import { containsNul } from './nulGuard.ts';

/**
 * How one piece of a request (body, params or query) is read: its contract schema from
 * packages/core, and the answer a mismatch earns — the route's own spec code and wording, since
 * each form shows its own message. A mismatch is the caller's fault: nothing is changed.
 */
export interface Input<T> {
  schema: z.ZodType<T>;
  /** 400 unless the spec says otherwise (an unknown image or data file is a 404). */
  status?: number;
  code?: string;
  /** Fixed wording, or built from the first problem (settings saves name where it is). */
  message?: string | ((issue: z.core.$ZodIssue | undefined) => string);
  /**
   * Postgres text cannot hold U+0000, so a NUL anywhere is refused by default. Settings are
   * stored as re-serialized JSON (the NUL stays escaped), and they keep it as they always did.
   */
  keepNul?: true;
}

/** The common case: a schema with the route's code and wording. */
export function input<T>(
  schema: z.ZodType<T>,
  code = 'bad_request',
  message: string = messages.malformedRequest,
): Input<T> {
  return { schema, code, message };
}

/**
 * Reads a value against its declaration. Routes declare their inputs on `route(...)`, which calls
 * this; the profile form calls it itself, because multipart fields are read inside the handler.
 */
export function readInput<T>(spec: Input<T>, value: unknown): T {
  const result = spec.schema.safeParse(value ?? {});
  if (result.success && (spec.keepNul || !containsNul(result.data))) return result.data;
  const issue = result.success ? undefined : result.error.issues[0];
  const message =
    typeof spec.message === 'function' ? spec.message(issue) : (spec.message ?? messages.malformedRequest);
  throw new HttpError(spec.status ?? 400, spec.code ?? 'bad_request', message);
}

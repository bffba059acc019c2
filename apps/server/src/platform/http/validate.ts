import { messages } from '@tapeline/core';
import type { z } from 'zod';
import { HttpError } from './errors.ts';

/** Postgres text cannot hold U+0000 (the query fails, a 500), and no field has a use for it. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

/**
 * Parses a body, query or params object against its contract schema. A mismatch is the
 * caller's fault: 400 with the route's own code and spec wording, and nothing is changed.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code = 'bad_request',
  message: string = messages.malformedRequest,
): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success || containsNul(result.data)) throw new HttpError(400, code, message);
  return result.data;
}

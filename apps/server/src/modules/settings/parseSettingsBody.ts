import type { z } from 'zod';
import { HttpError } from '../../platform/http/errors.ts';

/**
 * Like `parseInput`, but the 400 names the first problem: a settings save is built by the
 * client, so a rejection is a client bug and the message should point straight at it. Stored
 * values are re-serialized JSON, so a NUL in a string is kept escaped and never reaches a column.
 */
export function parseSettingsBody<S extends z.ZodType>(schema: S, body: unknown, code: string, what: string) {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data as z.infer<S>;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new HttpError(400, code, `${what} is invalid${where}: ${issue?.message ?? 'unexpected shape'}`);
}

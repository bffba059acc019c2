import { messages, normalizeUsername, usernameKey, usernameProblem } from '@tapeline/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';

/**
 * The one username rule for /api/auth/register and POST /api/profile: the stored form is NFKC
 * and trimmed; bidi and control characters are refused; two names are the same when their
 * `usernameKey` (NFKC + case folding) is, which the `users_username_key_unique` index enforces.
 */
export function checkUsername(raw: string): string {
  const problem = usernameProblem(raw);
  if (problem === 'forbidden_characters') {
    throw new HttpError(400, 'invalid_username', messages.usernameForbidden);
  }
  if (problem) throw new HttpError(400, 'invalid_username', messages.usernameRequired);
  return normalizeUsername(raw);
}

/** The columns a username is written to: its display form and its identity. */
export function usernameFields(name: string): { username: string; usernameKey: string } {
  return { username: normalizeUsername(name), usernameKey: usernameKey(name) };
}

export const usernameTaken = () => new HttpError(409, 'username_taken', messages.usernameTaken);

/** 409 `username_taken` when another account's name reads the same (the index has the last word). */
export async function assertUsernameFree(db: Db, name: string, exceptUserId?: string): Promise<void> {
  const key = usernameKey(name);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.usernameKey, key), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  if (row) throw usernameTaken();
}

import { messages, normalizeUsername } from '@tapeline/core';
import { usernameKey, usernameProblem } from '@tapeline/core/username';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import { uniqueViolation } from '../../platform/db/uniqueViolation.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { Log } from '../../platform/log.ts';

/**
 * The one username rule for /api/auth/register and POST /api/profile: the stored form is NFKC
 * and trimmed; bidi and control characters are refused; two names are the same when their
 * `usernameKey` (NFKC, case folding, TR39 confusables skeleton) is, which the
 * `users_username_key_unique` index enforces; a reserved name ('admin', 'support', …) is taken.
 */
export function checkUsername(raw: string): string {
  const problem = usernameProblem(raw);
  if (problem === 'forbidden_characters') {
    throw new HttpError(400, 'invalid_username', messages.usernameForbidden);
  }
  if (problem === 'reserved') throw usernameTaken();
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
  if (!(await usernameFree(db, name, exceptUserId))) throw usernameTaken();
}

/** Whether no other account holds a name that reads the same (only verified accounts hold one). */
export async function usernameFree(db: Db, name: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.usernameKey, usernameKey(name)), exceptUserId ? ne(users.id, exceptUserId) : undefined),
    )
    .limit(1);
  return row === undefined;
}

/**
 * At verification the name asked for at register becomes the account's, if it is still free
 * and still allowed; otherwise the account goes on without one (the Profile tab sets it). The
 * wish is cleared either way. A racing verification of the same name loses at the index.
 */
export async function claimRequestedUsername(db: Db, userId: string, wish: string | null): Promise<void> {
  if (wish === null) return;
  const allowed = usernameProblem(wish) === null && (await usernameFree(db, wish, userId));
  try {
    await db
      .update(users)
      .set({ ...(allowed ? usernameFields(wish) : {}), requestedUsername: null })
      .where(eq(users.id, userId));
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    await db.update(users).set({ requestedUsername: null }).where(eq(users.id, userId));
  }
}

/**
 * Brings every stored `username_key` to the current `usernameKey` (issue 28 added the TR39
 * skeleton; keys written before it would let a look-alike, or the same name, in beside them).
 * Run at every start, after the migrations: a key already current is left alone, so a second
 * node or start does nothing. Two existing names that now read the same keep their old keys
 * (the index allows one) and are logged for an admin to rename.
 */
export async function rekeyUsernames(db: Db, log: Log): Promise<number> {
  const rows = await db
    .select({ id: users.id, username: users.username, key: users.usernameKey })
    .from(users)
    .where(isNotNull(users.username));
  let changed = 0;
  for (const row of rows) {
    if (row.username === null) continue;
    const key = usernameKey(row.username);
    if (key === row.key) continue;
    try {
      await db.update(users).set({ usernameKey: key }).where(eq(users.id, row.id));
      changed += 1;
    } catch (error) {
      if (uniqueViolation(error) === null) throw error;
      log.warn({ userId: row.id }, 'username reads as another account’s: old key kept, rename it');
    }
  }
  return changed;
}

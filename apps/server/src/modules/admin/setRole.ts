import { ROLES, type Role } from '@tapeline/core';
import type { Db } from '../../platform/db/client.ts';
import { createSessionsRepository } from '../auth/sessionsRepository.ts';
import { createUsersRepository } from '../auth/usersRepository.ts';

export type SetRoleResult =
  | { ok: true; user: { id: string; email: string; role: Role; previous: Role } }
  | { ok: false; error: 'no_user' | 'invalid_role'; message: string };

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** The CLI's `user:role`: the one way to make (or unmake) an admin. Emails are stored lower-cased. */
export async function setRoleByEmail(db: Db, email: string, role: string, now: Date): Promise<SetRoleResult> {
  if (!isRole(role)) {
    return { ok: false, error: 'invalid_role', message: `Role must be one of ${ROLES.join(', ')}` };
  }
  const users = createUsersRepository(db);
  const user = await users.findByEmail(email.trim().toLowerCase());
  if (!user) return { ok: false, error: 'no_user', message: `No user with email ${email}` };
  // A role change ends the user's sessions: their tokens get 401 at once; open sockets are
  // closed by the servers' sweep within 30 s (this process may not be the one holding them).
  const updated =
    user.role === role
      ? user
      : await db.transaction(async (tx) => {
          await createSessionsRepository(tx).revokeAll(user.id, now);
          return createUsersRepository(tx).update(user.id, { role, tokenVersion: user.tokenVersion + 1 });
        });
  return {
    ok: true,
    user: { id: updated.id, email: updated.email, role: updated.role, previous: user.role },
  };
}

import type { Db } from '../../platform/db/client.ts';
import { createUsersRepository } from '../auth/usersRepository.ts';

export type SetVipResult =
  | { ok: true; user: { id: string; email: string; vip: boolean; previousVip: boolean } }
  | { ok: false; error: 'no_user'; message: string };

/**
 * The CLI's `user:vip`: the chat's vip badge (docs/chat.md "Badges"), also the admin table's
 * `vip` field. A badge grants nothing, so no session ends.
 */
export async function setVipByEmail(db: Db, email: string, vip: boolean): Promise<SetVipResult> {
  const users = createUsersRepository(db);
  const user = await users.findByEmail(email.trim().toLowerCase());
  if (!user) return { ok: false, error: 'no_user', message: `No user with email ${email}` };
  const updated = user.vip === vip ? user : await users.update(user.id, { vip });
  return {
    ok: true,
    user: { id: updated.id, email: updated.email, vip: updated.vip, previousVip: user.vip },
  };
}

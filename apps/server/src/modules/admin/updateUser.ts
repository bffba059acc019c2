import { type AdminUserUpdateRequest, messages, type Role, serverMessages } from '@tapeline/core';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { endAllSessions } from '../auth/session.ts';

/**
 * The admin table's toggles (and the vip badge, docs/chat.md). The mod toggle moves a user between trader and mod only: it
 * never touches an admin (demoting one, the caller included, would be a click away from locking
 * everyone out); admins are made and unmade with `npm run cli -- user:role`. A role change ends
 * the user's sessions, so no open socket or cached token keeps the old rights. Turning chat off
 * ends none (docs/security.md): like a mod's ban it is a chat permission, read on every chat
 * call (the socket guards' facts live 1 s), and the trader keeps the dashboard, reading chat.
 */
export async function updateUserSetting(deps: AuthDeps, input: AdminUserUpdateRequest): Promise<UserRow> {
  const { users } = deps;
  const target = await users.findById(input.uid);
  if (!target) throw new HttpError(404, 'no_user', messages.adminUpdateFailed);
  if (input.field === 'chat') {
    const chat = input.value ? 1 : 0;
    if (chat === target.chat) return target;
    return users.update(target.id, { chat });
  }
  if (input.field === 'vip') {
    // A badge grants nothing: no session ends.
    return input.value === target.vip ? target : users.update(target.id, { vip: input.value });
  }
  if (target.role === 'admin') throw new HttpError(409, 'admin_protected', serverMessages.adminProtected);
  const role: Role = input.value ? 'mod' : 'trader';
  if (role === target.role) return target;
  return endAllSessions(deps, await users.update(target.id, { role }));
}

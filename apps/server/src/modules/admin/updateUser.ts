import { type AdminUserUpdateRequest, messages, type Role } from '@tapeline/core';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { UsersRepository } from '../auth/usersRepository.ts';

export const ADMIN_PROTECTED_MESSAGE = "An admin's role can only be changed with the CLI";

/**
 * The admin table's two toggles. The mod toggle moves a user between trader and mod only: it
 * never touches an admin (demoting one, the caller included, would be a click away from locking
 * everyone out); admins are made and unmade with `npm run cli -- user:role`.
 */
export async function updateUserSetting(
  users: UsersRepository,
  input: AdminUserUpdateRequest,
): Promise<UserRow> {
  const target = await users.findById(input.uid);
  if (!target) throw new HttpError(404, 'no_user', messages.adminUpdateFailed);
  if (input.field === 'chat') return users.update(target.id, { chat: input.value ? 1 : 0 });
  if (target.role === 'admin') throw new HttpError(409, 'admin_protected', ADMIN_PROTECTED_MESSAGE);
  const role: Role = input.value ? 'mod' : 'trader';
  return users.update(target.id, { role });
}

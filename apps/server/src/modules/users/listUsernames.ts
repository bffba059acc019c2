import { asc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';

/** Only users who chose a username; nothing else about them (no email, no role). */
export async function listUsernames(db: Db): Promise<{ id: string; username: string }[]> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNotNull(users.username))
    .orderBy(asc(users.username));
  return rows.flatMap((row) => (row.username ? [{ id: row.id, username: row.username }] : []));
}

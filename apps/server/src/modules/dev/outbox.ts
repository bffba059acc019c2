import type { DevMail } from '@tapeline/core';
import { desc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { devMail } from '../../platform/db/schema.ts';

/** The dev outbox, newest first: for the CLI's `mail:list` and the loopback-only test route. */
export async function listOutbox(db: Db, limit: number): Promise<DevMail[]> {
  const rows = await db.select().from(devMail).orderBy(desc(devMail.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    links: row.links,
    created_at: row.createdAt.toISOString(),
  }));
}

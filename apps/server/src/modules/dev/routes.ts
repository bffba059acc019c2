import type { DevMail } from '@tapeline/core';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { devMail } from '../../platform/db/schema.ts';

/** The dev outbox: what would have been mailed, newest first. Never mounted in production. */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.env === 'production') return;
  app.get('/api/dev/mail', async () => {
    const rows = await ctx.database.db.select().from(devMail).orderBy(desc(devMail.createdAt)).limit(100);
    const data: DevMail[] = rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      links: row.links,
      created_at: row.createdAt.toISOString(),
    }));
    return { data };
  });
}

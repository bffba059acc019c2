import { type DevMail, devAlertRequestSchema } from '@tapeline/core';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { devMail } from '../../platform/db/schema.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { createAlertHistoryRepository } from '../alertHistory/repository.ts';

/**
 * Development aids, never mounted in production: the dev outbox (what would have been mailed,
 * newest first) and a way to put an item in one's own alert history before alerts can fire.
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  if (ctx.config.env === 'production') return;
  app.post('/api/dev/alert_history', async (request) => {
    const { user } = await guards.requireUser(request);
    const { msg } = parseInput(
      devAlertRequestSchema,
      request.body,
      'invalid_alert',
      'Alert message is required',
    );
    await createAlertHistoryRepository(ctx.database.db).append(user.id, msg, ctx.clock.now());
    return { success: true };
  });
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

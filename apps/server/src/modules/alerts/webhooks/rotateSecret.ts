import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { alertSettings } from '../../../platform/db/schema.ts';
import { newWebhookSecret } from '../rules/webhookSecret.ts';

/**
 * POST /api/alerts/webhook/secret: a new signing secret, in force for every POST from now on
 * (retries of older alerts included: they are signed when sent). A trader without settings yet
 * gets a row holding just the secret.
 */
export async function rotateWebhookSecret(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ success: true; webhook_secret: string }> {
  const secret = newWebhookSecret();
  await db
    .insert(alertSettings)
    .values({ userId, webhookSecret: secret, updatedAt: now })
    .onConflictDoUpdate({
      target: alertSettings.userId,
      set: { webhookSecret: sql`excluded.webhook_secret`, updatedAt: now },
    });
  return { success: true, webhook_secret: secret };
}

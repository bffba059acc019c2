import { WEBHOOK_LOG_MAX, type webhookDeliveriesAnswerSchema } from '@tapeline/core';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/client.ts';
import { alertDeliveries } from '../../../platform/db/schema.ts';
import { isWebhookType } from './webhookPayload.ts';

type Answer = z.infer<typeof webhookDeliveriesAnswerSchema>;

/**
 * GET /api/alerts/webhook/deliveries: the caller's last WEBHOOK_LOG_MAX webhook deliveries,
 * newest first, for the Webhook modal's log (status, attempts, the receiver's answer).
 */
export async function listWebhookDeliveries(db: Db, userId: string): Promise<Answer> {
  const rows = await db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.userId, userId), eq(alertDeliveries.channel, 'webhook')))
    .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
    .limit(WEBHOOK_LOG_MAX);
  return {
    deliveries: rows.flatMap((row) =>
      isWebhookType(row.webhookType)
        ? [
            {
              id: row.id,
              type: row.webhookType,
              url: row.target,
              symbol: row.symbol,
              status: row.status,
              attempts: row.attempts,
              response_status: row.responseStatus,
              error: row.error,
              created_at: row.createdAt.getTime(),
              // While a row is claimed this is its lease's end: when it will be looked at next.
              next_attempt_at:
                row.status === 'pending' ? (row.nextAttemptAt?.getTime() ?? row.createdAt.getTime()) : null,
            },
          ]
        : [],
    ),
  };
}

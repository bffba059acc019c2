import { randomUUID } from 'node:crypto';
import { type FiredDraft, WEBHOOK_TYPES, type WebhookType } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { alertOutbox, alertSettings } from '../../../platform/db/schema.ts';
import { enqueueWebhookDeliveries, webhookUrlFor } from './enqueueWebhookDeliveries.ts';

/** The alert kind whose webhook type each URL is for: the sample is shaped like a real one. */
const SAMPLE_KIND = {
  high_low: 'trade',
  uvol: 'uv',
  vwapdist: 'vwap',
  price: 'price',
  halts: 'halt',
  conditional: 'filtered',
} as const satisfies Record<WebhookType, FiredDraft['kind']>;

/** Not a listed symbol (core's symbol rule refuses it), so a receiver can tell a test apart. */
export const TEST_SYMBOL = 'TEST';

function sample(userId: string, type: WebhookType, now: Date): FiredDraft {
  const kind = SAMPLE_KIND[type];
  return {
    key: `webhook-test:${userId}:${type}:${randomUUID()}`,
    userId,
    ruleId: null,
    kind,
    symbol: TEST_SYMBOL,
    msg: `Test ${type} webhook from Tapeline`,
    time: now.getTime(),
    published_ts: now.getTime(),
    price: 10,
    price_dist: 0.1,
    uv: 120,
    vwap: 9.9,
    vwap_dist: 1,
    zone: null,
    ...(kind === 'halt' ? { subtype: 'halt' as const, reason_code: 'T1' } : {}),
    ...(kind === 'filtered' ? { filter: 'Test filter' } : {}),
  };
}

/**
 * POST /api/alerts/webhook/test: one sample delivery per URL the trader has set, through the same
 * queue, signing and retries as real alerts, so the Webhook modal's log shows how the endpoint
 * answered. Each sample is an outbox row already marked dispatched: it never reaches the
 * history, the tabs or pushes.
 */
export async function sendTestWebhooks(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ success: true; queued: number }> {
  const [settings] = await db
    .select({ alertWebhook: alertSettings.alertWebhook })
    .from(alertSettings)
    .where(eq(alertSettings.userId, userId));
  const types = WEBHOOK_TYPES.filter((type) => webhookUrlFor(settings, type) !== null);
  let queued = 0;
  if (types.length === 0) return { success: true, queued };
  await db.transaction(async (tx) => {
    for (const type of types) {
      const alert = sample(userId, type, now);
      const [row] = await tx
        .insert(alertOutbox)
        .values({ key: alert.key, userId, alert, createdAt: now, dispatchedAt: now })
        .returning();
      if (row) queued += await enqueueWebhookDeliveries(tx, row, settings ?? null);
    }
  });
  return { success: true, queued };
}

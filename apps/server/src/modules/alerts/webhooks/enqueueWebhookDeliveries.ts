import type { WebhookType } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { type AlertOutboxRow, alertDeliveries, alertSettings } from '../../../platform/db/schema.ts';
import { type FiredFields, toWebhookPayload } from './webhookPayload.ts';

/** The database or a transaction on it (the outbox dispatch passes its own). */
export type Queries = Pick<Db, 'select' | 'insert'>;

/** The part of a trader's alert settings that says where webhooks go. */
export interface WebhookSettings {
  alertWebhook: unknown;
}

/** The URL a trader set for a webhook type, or null when none (empty means none, §5). */
export function webhookUrlFor(
  settings: WebhookSettings | null | undefined,
  type: WebhookType,
): string | null {
  const map = settings?.alertWebhook;
  if (!map || typeof map !== 'object') return null;
  const url = (map as Record<string, unknown>)[type];
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : null;
}

/**
 * The webhook owed for one fired alert: a pending delivery row for the trader's URL of the
 * alert's type (none for a digest, or when no URL is set), written in the caller's transaction
 * so it exists exactly when the outbox row is marked dispatched. `settings` is the trader's
 * alert_settings row when the caller has it; undefined reads it in the same transaction.
 * `next_attempt_at` stays null: due at once (delivery/worker.ts). Answers the rows written.
 */
export async function enqueueWebhookDeliveries(
  tx: Queries,
  row: Pick<AlertOutboxRow, 'id' | 'userId' | 'alert' | 'createdAt'>,
  settings?: WebhookSettings | null,
): Promise<number> {
  const payload = toWebhookPayload(row.alert as FiredFields);
  if (!payload) return 0;
  const known =
    settings !== undefined
      ? settings
      : ((
          await tx
            .select({ alertWebhook: alertSettings.alertWebhook })
            .from(alertSettings)
            .where(eq(alertSettings.userId, row.userId))
        )[0] ?? null);
  const url = webhookUrlFor(known, payload.type);
  if (!url) return 0;
  const written = await tx
    .insert(alertDeliveries)
    .values({
      outboxId: row.id,
      userId: row.userId,
      channel: 'webhook',
      target: url,
      webhookType: payload.type,
      symbol: payload.symbol,
      payload,
      createdAt: row.createdAt,
      updatedAt: row.createdAt,
    })
    // A second dispatch of the same outbox row (it cannot happen under the claim, but costs nothing).
    .onConflictDoNothing()
    .returning({ id: alertDeliveries.id });
  return written.length;
}

import { randomUUID } from 'node:crypto';
import type { AlertWebhook, FiredDraft } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import {
  type AlertDeliveryRow,
  alertDeliveries,
  alertOutbox,
  alertSettings,
} from '../../../../platform/db/schema.ts';
import { uniqueEmail } from '../../../../test/factories.ts';
import { createUsersRepository } from '../../../auth/usersRepository.ts';
import { newWebhookSecret } from '../../rules/webhookSecret.ts';
import { enqueueWebhookDeliveries } from '../enqueueWebhookDeliveries.ts';

// What the webhook and delivery tests (and the bench) share (their clock: test/manualClock.ts): a trader's webhook settings, and fired alerts written the way the outbox writes them.

/** A trader row, straight into a database that no app serves (the worker tests own their queue). */
export async function traderIn(db: Db): Promise<string> {
  const user = await createUsersRepository(db).insert({ email: uniqueEmail('hooks'), emailVerified: true });
  return user.id;
}

/** Writes a trader's webhook URLs and a fresh signing secret; answers the secret. */
export async function setWebhooks(db: Db, userId: string, urls: AlertWebhook): Promise<string> {
  const secret = newWebhookSecret();
  await db
    .insert(alertSettings)
    .values({ userId, webhookSecret: secret, alertWebhook: urls })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { webhookSecret: secret, alertWebhook: urls } });
  return secret;
}

export function firedDraft(userId: string, at: Date, overrides: Partial<FiredDraft> = {}): FiredDraft {
  return {
    key: `test:${randomUUID()}`,
    userId,
    ruleId: null,
    kind: 'trade',
    symbol: 'ABC',
    msg: 'ABC new high 12.00',
    time: at.getTime(),
    price: 12,
    price_dist: 0.1,
    uv: 150,
    vwap: 11.5,
    vwap_dist: 4.35,
    zone: null,
    ...overrides,
  };
}

/** A fired alert as the outbox dispatch writes it: the outbox row and its webhook delivery rows. */
export async function fire(
  db: Db,
  userId: string,
  at: Date,
  overrides: Partial<FiredDraft> = {},
): Promise<AlertDeliveryRow[]> {
  const alert = firedDraft(userId, at, overrides);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alertOutbox)
      .values({ key: alert.key, userId, alert, createdAt: at, dispatchedAt: at })
      .returning();
    if (!row) throw new Error('outbox row not written');
    await enqueueWebhookDeliveries(tx, row);
    return tx.select().from(alertDeliveries).where(eq(alertDeliveries.outboxId, row.id));
  });
}

export async function deliveryRow(db: Db, id: number): Promise<AlertDeliveryRow> {
  const [row] = await db.select().from(alertDeliveries).where(eq(alertDeliveries.id, id));
  if (!row) throw new Error(`delivery ${id} not found`);
  return row;
}

import { inArray } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/client.ts';
import { alertSettings } from '../../../platform/db/schema.ts';

export interface SenderSettings {
  secret: string;
  alertWebhook: unknown;
}

type Waiter = { resolve: (found: SenderSettings | undefined) => void; reject: (error: unknown) => void };

/**
 * Each send reads its trader's secret and URLs fresh (a rotation or an edit counts from the next
 * POST on). The worker starts its sends together, so the reads asked for in one turn of the event
 * loop are made as one query: one read per batch instead of one per delivery.
 */
export function createSettingsLoader(
  db: Db,
  clock: Pick<Clock, 'defer'>,
): (userId: string) => Promise<SenderSettings | undefined> {
  let waiting = new Map<string, Waiter[]>();
  let scheduled = false;

  const flush = async () => {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    try {
      const rows = await db
        .select({
          userId: alertSettings.userId,
          secret: alertSettings.webhookSecret,
          alertWebhook: alertSettings.alertWebhook,
        })
        .from(alertSettings)
        .where(inArray(alertSettings.userId, [...batch.keys()]));
      const byUser = new Map(rows.map((r) => [r.userId, { secret: r.secret, alertWebhook: r.alertWebhook }]));
      for (const [userId, waiters] of batch) for (const w of waiters) w.resolve(byUser.get(userId));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  };

  return (userId) =>
    new Promise((resolve, reject) => {
      const waiters = waiting.get(userId) ?? [];
      waiters.push({ resolve, reject });
      waiting.set(userId, waiters);
      if (!scheduled) {
        scheduled = true;
        clock.defer(() => void flush());
      }
    });
}

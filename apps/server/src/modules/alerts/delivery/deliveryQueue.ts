import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { type AlertDeliveryRow, alertDeliveries } from '../../../platform/db/schema.ts';
import { retryDelayAfter } from './retrySchedule.ts';
import type { DeliveryAttempt, SendResult } from './sender.ts';

/** A claimed row, with the lease it was claimed under (the fencing token of its outcome). */
export interface Claimed {
  attempt: DeliveryAttempt;
  lease: Date;
}

const ERROR_MAX = 300;

/**
 * alert_deliveries as a queue. A row is due when pending and its next_attempt_at has passed
 * (null: at once). Claiming moves next_attempt_at to the end of a lease, in one statement whose
 * rows are locked FOR UPDATE SKIP LOCKED: two nodes never claim the same row, and a row whose
 * node died mid-send comes due again when the lease ends.
 */
export function createDeliveryQueue(db: Db) {
  return {
    async claim(
      channels: readonly AlertDeliveryRow['channel'][],
      limit: number,
      now: Date,
      leaseMs: number,
    ): Promise<Claimed[]> {
      const lease = new Date(now.getTime() + leaseMs);
      const due = db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(
          and(
            eq(alertDeliveries.status, 'pending'),
            inArray(alertDeliveries.channel, [...channels]),
            or(isNull(alertDeliveries.nextAttemptAt), lte(alertDeliveries.nextAttemptAt, now)),
          ),
        )
        .orderBy(sql`${alertDeliveries.nextAttemptAt} asc nulls first`, asc(alertDeliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(alertDeliveries)
        .set({ nextAttemptAt: lease, updatedAt: now })
        .where(inArray(alertDeliveries.id, due))
        .returning({
          id: alertDeliveries.id,
          outboxId: alertDeliveries.outboxId,
          userId: alertDeliveries.userId,
          channel: alertDeliveries.channel,
          target: alertDeliveries.target,
          webhookType: alertDeliveries.webhookType,
          symbol: alertDeliveries.symbol,
          payload: alertDeliveries.payload,
          attempts: alertDeliveries.attempts,
        });
      return rows.sort((a, b) => a.id - b.id).map((attempt) => ({ attempt, lease }));
    },

    /**
     * Writes what became of an attempt, unless the lease was lost (a slower node's outcome after
     * the row was claimed again): the row's next_attempt_at must still be this claim's lease.
     */
    async record(claimed: Claimed, result: SendResult, now: Date): Promise<boolean> {
      const made = claimed.attempt.attempts + 1;
      const delay = result.outcome === 'retry' ? retryDelayAfter(made) : null;
      const status =
        result.outcome === 'delivered'
          ? 'delivered'
          : result.outcome === 'gone'
            ? 'disabled'
            : result.outcome === 'retry' && delay !== null
              ? 'pending'
              : 'failed';
      const written = await db
        .update(alertDeliveries)
        .set({
          status,
          attempts: made,
          nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
          responseStatus: result.status,
          error: result.outcome === 'delivered' ? null : result.error.slice(0, ERROR_MAX),
          updatedAt: now,
        })
        .where(
          and(
            eq(alertDeliveries.id, claimed.attempt.id),
            eq(alertDeliveries.status, 'pending'),
            eq(alertDeliveries.nextAttemptAt, claimed.lease),
          ),
        )
        .returning({ id: alertDeliveries.id });
      return written.length > 0;
    },
  };
}

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;

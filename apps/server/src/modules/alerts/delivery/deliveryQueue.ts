import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { AlertDeliveryRow } from '../../../platform/db/schema.ts';
import { retryDelayAfter } from './retrySchedule.ts';
import type { DeliveryAttempt, SendResult } from './sender.ts';

/** A claimed row, with the lease it was claimed under (the fencing token of its outcome). */
export interface Claimed {
  attempt: DeliveryAttempt;
  lease: Date;
}

const ERROR_MAX = 300;

/** What became of one claimed attempt, and when. */
export interface Outcome {
  claimed: Claimed;
  result: SendResult;
  now: Date;
}

/** The row's new state: delivered, gone → disabled, a retry while the schedule lasts, else failed. */
function outcomeRow(claimed: Claimed, result: SendResult) {
  const delay = result.outcome === 'retry' ? retryDelayAfter(claimed.attempt.attempts + 1) : null;
  const status: AlertDeliveryRow['status'] =
    result.outcome === 'delivered'
      ? 'delivered'
      : result.outcome === 'gone'
        ? 'disabled'
        : delay !== null
          ? 'pending'
          : 'failed';
  return { status, delay, error: result.outcome === 'delivered' ? null : result.error.slice(0, ERROR_MAX) };
}

/**
 * alert_deliveries as a queue. A row is due when pending and its next_attempt_at has passed
 * (null: a new row, due at once). Claiming moves next_attempt_at to the end of a lease, in one statement whose
 * rows are locked FOR UPDATE SKIP LOCKED: two nodes never claim the same row, and a row whose
 * node died mid-send comes due again when the lease ends.
 */
/** A claimed row as the database answers it (bigint ids may come back as strings). */
interface ClaimedRow {
  id: number | string;
  outbox_id: number | string | null;
  chat_message_id: number | string | null;
  user_id: string;
  channel: AlertDeliveryRow['channel'];
  target: string;
  webhook_type: string | null;
  symbol: string;
  payload: unknown;
  attempts: number | string;
}

export function createDeliveryQueue(db: Db) {
  /**
   * Writes what became of attempts, in one statement, except where the lease was lost (a slower
   * node's outcome after the row was claimed again): a row's next_attempt_at must still be the
   * lease it was claimed under. Answers the ids written.
   */
  const recordMany = async (outcomes: readonly Outcome[]): Promise<Set<number>> => {
    if (outcomes.length === 0) return new Set();
    const values = sql.join(
      outcomes.map(({ claimed, result, now }) => {
        const row = outcomeRow(claimed, result);
        const next = row.delay === null ? null : new Date(now.getTime() + row.delay).toISOString();
        return sql`(${claimed.attempt.id}::bigint, ${row.status}::text, ${claimed.attempt.attempts + 1}::int,
          ${next}::timestamptz, ${result.status}::int, ${row.error}::text,
          ${claimed.lease.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`;
      }),
      sql`, `,
    );
    const result = await db.execute(sql`
      update alert_deliveries as d
      set status = v.status, attempts = v.attempts, next_attempt_at = v.next,
          response_status = v.response_status, error = v.error, updated_at = v.now
      from (values ${values}) as v(id, status, attempts, next, response_status, error, lease, now)
      where d.id = v.id and d.status = 'pending' and d.next_attempt_at = v.lease
      returning d.id`);
    const rows = (result as unknown as { rows: { id: number | string }[] }).rows;
    return new Set(rows.map((r) => Number(r.id)));
  };

  return {
    /**
     * Claims up to `limit` due rows in one statement: retries that have come due first, oldest
     * due first, then new rows (next_attempt_at null) in no particular order. Each half is an
     * index range that stops at the limit, not a sort of every pending row.
     */
    async claim(
      channels: readonly AlertDeliveryRow['channel'][],
      limit: number,
      now: Date,
      leaseMs: number,
    ): Promise<Claimed[]> {
      const lease = new Date(now.getTime() + leaseMs);
      const on = sql.join(
        channels.map((c) => sql`${c}`),
        sql`, `,
      );
      const result = await db.execute(sql`
        with retries as (
          select id, next_attempt_at from alert_deliveries
          where status = 'pending' and channel in (${on}) and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at limit ${limit}
          for update skip locked
        ), fresh as (
          select id from alert_deliveries
          where status = 'pending' and channel in (${on}) and next_attempt_at is null
          limit ${limit}
          for update skip locked
        ), chosen as (
          select id from (
            select id, 0 as rank, next_attempt_at from retries
            union all select id, 1, null from fresh
          ) due order by rank, next_attempt_at limit ${limit}
        )
        update alert_deliveries set next_attempt_at = ${lease.toISOString()}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        where id in (select id from chosen)
        returning id, outbox_id, chat_message_id, user_id, channel, target, webhook_type, symbol,
          payload, attempts`);
      const rows = (result as unknown as { rows: ClaimedRow[] }).rows;
      return rows.map((r) => ({
        attempt: {
          id: Number(r.id),
          outboxId: r.outbox_id === null ? null : Number(r.outbox_id),
          chatMessageId: r.chat_message_id === null ? null : Number(r.chat_message_id),
          userId: r.user_id,
          channel: r.channel,
          target: r.target,
          webhookType: r.webhook_type,
          symbol: r.symbol,
          payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
          attempts: Number(r.attempts),
        },
        lease,
      }));
    },

    recordMany,

    async record(claimed: Claimed, result: SendResult, now: Date): Promise<boolean> {
      return (await recordMany([{ claimed, result, now }])).has(claimed.attempt.id);
    },
  };
}

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;

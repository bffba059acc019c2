import { ALERT_HISTORY_MAX, ALERT_MSG_MAX_LENGTH, type AlertHistoryItem } from '@tapeline/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { alertHistory, alertOutcomes } from '../../platform/db/schema.ts';

const newestFirst = [desc(alertHistory.createdAt), desc(alertHistory.id)];

/** The Alerts widget's history. The alert evaluator appends; the trader reads and clears. */
export function createAlertHistoryRepository(db: Db) {
  return {
    /**
     * Records an alert and drops whatever falls beyond the newest ALERT_HISTORY_MAX, so a busy
     * trader's history stays bounded without a sweeper. The trim is one statement on the user's
     * own rows (indexed), cheap next to the insert.
     */
    async append(userId: string, msg: string, at: Date): Promise<number> {
      const [row] = await db
        .insert(alertHistory)
        .values({ userId, msg: msg.slice(0, ALERT_MSG_MAX_LENGTH), createdAt: at })
        .returning({ id: alertHistory.id });
      const beyond = db
        .select({ id: alertHistory.id })
        .from(alertHistory)
        .where(eq(alertHistory.userId, userId))
        .orderBy(...newestFirst)
        .offset(ALERT_HISTORY_MAX);
      await db
        .delete(alertHistory)
        .where(and(eq(alertHistory.userId, userId), inArray(alertHistory.id, beyond)));
      return row?.id ?? 0;
    },

    /**
     * Newest first; `date` is UTC milliseconds, like every other time the API sends. An alert
     * the outcome ledger follows carries its moves so far.
     */
    async list(userId: string): Promise<AlertHistoryItem[]> {
      const rows = await db
        .select({
          msg: alertHistory.msg,
          createdAt: alertHistory.createdAt,
          m1: alertOutcomes.m1,
          m5: alertOutcomes.m5,
          m15: alertOutcomes.m15,
          m30: alertOutcomes.m30,
          close: alertOutcomes.close,
          outcome: alertOutcomes.id,
        })
        .from(alertHistory)
        .leftJoin(alertOutcomes, eq(alertOutcomes.historyId, alertHistory.id))
        .where(eq(alertHistory.userId, userId))
        .orderBy(...newestFirst)
        .limit(ALERT_HISTORY_MAX);
      return rows.map(({ msg, createdAt, outcome, m1, m5, m15, m30, close }) =>
        outcome === null
          ? { msg, date: createdAt.getTime() }
          : { msg, date: createdAt.getTime(), moves: { m1, m5, m15, m30, close } },
      );
    },

    async clear(userId: string): Promise<void> {
      await db.delete(alertHistory).where(eq(alertHistory.userId, userId));
    },
  };
}

export type AlertHistoryRepository = ReturnType<typeof createAlertHistoryRepository>;

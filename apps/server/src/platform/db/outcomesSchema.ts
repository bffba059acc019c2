import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './usersSchema.ts';

// The live outcome ledger (docs/alerts.md "Outcome ledger"), beside schema.ts which re-exports
// it: one row per dispatched alert with a price, its moves filled in by the once-a-minute sweep.
// It outlives the history (capped at 200) because the per-rule figures cover 30 sessions.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const alertOutcomes = pgTable(
  'alert_outcomes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The history item it belongs to (no reference: the history is trimmed, the ledger is not). */
    historyId: bigint('history_id', { mode: 'number' }),
    /** The rule (symbol and category rules); null for filtered alerts, which name their filter. */
    ruleId: bigint('rule_id', { mode: 'number' }),
    filter: text('filter'),
    kind: text('kind').notNull(),
    symbol: text('symbol').notNull(),
    price: doublePrecision('price').notNull(),
    firedAt: at('fired_at').notNull(),
    /** The session's close (after-hours fires: its end); null when it fired after the session. */
    closeAt: at('close_at'),
    /** The session, yyyymmdd New York. */
    session: integer('session').notNull(),
    m1: doublePrecision('m1'),
    m5: doublePrecision('m5'),
    m15: doublePrecision('m15'),
    m30: doublePrecision('m30'),
    close: doublePrecision('close'),
    /** Bit i set: mark i (OUTCOME_MARKS order) recorded or given up; 31 = all settled. */
    settled: integer('settled').notNull().default(0),
  },
  (t) => [
    // The sweep reads only fires with a mark still open.
    index('alert_outcomes_open_idx').on(t.firedAt).where(sql`${t.settled} < 31`),
    // The sweep's retention delete.
    index('alert_outcomes_fired_idx').on(t.firedAt),
    index('alert_outcomes_user_idx').on(t.userId, t.session),
    index('alert_outcomes_history_idx').on(t.historyId),
  ],
);

export type AlertOutcomeRow = typeof alertOutcomes.$inferSelect;

import type { AlertRule, AlertType, AlertWebhook, FilteredAlert, StepUnit } from '@tapeline/core';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { type AlertRuleRow, alertRules, alertSettings } from '../../../platform/db/schema.ts';
import { newWebhookSecret } from './webhookSecret.ts';

export interface NewRule {
  type: AlertType;
  category: string;
  rate: number;
  /** Hi/Low only; dollars when absent. */
  unit?: StepUnit;
  high: number | null;
  low: number | null;
}

export type InsertOutcome = 'added' | 'duplicate' | 'full';

export interface StoredAlertSettings {
  filteredAlerts: FilteredAlert[];
  alertWebhook: AlertWebhook;
  webhookSecret: string;
}

const toRule = (row: AlertRuleRow): AlertRule => ({
  id: row.id,
  type: row.type,
  category: row.category,
  rate: row.rate,
  high: row.high,
  low: row.low,
  // Answered only when it is not §9's dollar step, so the answers of dollar rules stay as they were.
  ...(row.unit === 'percent' ? { unit: row.unit } : {}),
});

const oneRule = [alertRules.userId, alertRules.type, alertRules.category];

/** A trader's alert rules and alert settings (filtered alerts, webhooks, signing secret). */
export function createAlertRulesRepository(db: Db) {
  return {
    /** Oldest first, so the widget's list keeps its order as rules are added. */
    async list(userId: string): Promise<AlertRule[]> {
      const rows = await db
        .select()
        .from(alertRules)
        .where(eq(alertRules.userId, userId))
        .orderBy(asc(alertRules.id));
      return rows.map(toRule);
    },

    /** The rule if it is this trader's; another trader's id reads as no rule at all. */
    async findOwned(userId: string, id: number): Promise<AlertRule | null> {
      const [row] = await db
        .select()
        .from(alertRules)
        .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)));
      return row ? toRule(row) : null;
    },

    /**
     * Adds a rule unless the trader already holds `max` rules or one of the same (type,
     * category). The unique constraint decides duplicates, so two identical posts racing each
     * other add one rule; a per-trader transaction lock makes the count and the insert one step,
     * so racing posts cannot pass the cap together either.
     */
    async insertCapped(userId: string, rule: NewRule, max: number, now: Date): Promise<InsertOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`alert_rules:${userId}`}, 0))`);
        const [held] = await tx.select({ n: count() }).from(alertRules).where(eq(alertRules.userId, userId));
        if ((held?.n ?? 0) >= max) return 'full';
        const added = await tx
          .insert(alertRules)
          .values({ userId, ...rule, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: oneRule })
          .returning({ id: alertRules.id });
        return added.length > 0 ? 'added' : 'duplicate';
      });
    },

    async update(
      userId: string,
      id: number,
      fields: Pick<NewRule, 'rate' | 'high' | 'low' | 'unit'>,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(alertRules)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
        .returning({ id: alertRules.id });
      return rows.length > 0;
    },

    async remove(userId: string, id: number): Promise<boolean> {
      const rows = await db
        .delete(alertRules)
        .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
        .returning({ id: alertRules.id });
      return rows.length > 0;
    },

    /** The trader's one rule of a type and category (the halt rule), or null. */
    async findByCategory(userId: string, type: AlertType, category: string): Promise<AlertRule | null> {
      const [row] = await db
        .select()
        .from(alertRules)
        .where(
          and(eq(alertRules.userId, userId), eq(alertRules.type, type), eq(alertRules.category, category)),
        );
      return row ? toRule(row) : null;
    },

    /** Adds the rule if missing (outside the cap: one per trader); true when it was added now. */
    async ensure(userId: string, rule: NewRule, now: Date): Promise<boolean> {
      const added = await db
        .insert(alertRules)
        .values({ userId, ...rule, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: oneRule })
        .returning({ id: alertRules.id });
      return added.length > 0;
    },

    /** Removes the rule of a type and category; true when there was one. */
    async removeByCategory(userId: string, type: AlertType, category: string): Promise<boolean> {
      const rows = await db
        .delete(alertRules)
        .where(
          and(eq(alertRules.userId, userId), eq(alertRules.type, type), eq(alertRules.category, category)),
        )
        .returning({ id: alertRules.id });
      return rows.length > 0;
    },

    /**
     * The trader's settings row, made on first read with a fresh signing secret. Insert-or-nothing
     * then read: two first reads at once agree on one secret.
     */
    async settings(userId: string, now: Date): Promise<StoredAlertSettings> {
      const read = () =>
        db
          .select({
            filteredAlerts: alertSettings.filteredAlerts,
            alertWebhook: alertSettings.alertWebhook,
            webhookSecret: alertSettings.webhookSecret,
          })
          .from(alertSettings)
          .where(eq(alertSettings.userId, userId));
      let [row] = await read();
      if (!row) {
        await db
          .insert(alertSettings)
          .values({ userId, webhookSecret: newWebhookSecret(), updatedAt: now })
          .onConflictDoNothing({ target: alertSettings.userId });
        [row] = await read();
      }
      if (!row) throw new Error(`alert settings of ${userId} vanished after insert`);
      return row as StoredAlertSettings;
    },

    /** Writes one part of the settings row (made with a fresh secret if missing), in one statement. */
    async saveSetting(
      userId: string,
      part: { filteredAlerts: FilteredAlert[] } | { alertWebhook: AlertWebhook },
      now: Date,
    ): Promise<void> {
      await db
        .insert(alertSettings)
        .values({ userId, webhookSecret: newWebhookSecret(), ...part, updatedAt: now })
        .onConflictDoUpdate({ target: alertSettings.userId, set: { ...part, updatedAt: now } });
    },
  };
}

export type AlertRulesRepository = ReturnType<typeof createAlertRulesRepository>;

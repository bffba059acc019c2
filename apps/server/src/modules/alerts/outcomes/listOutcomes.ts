import { type AlertOutcomesResponse, OUTCOME_SESSIONS, type OutcomeFire, outcomeStats } from '@tapeline/core';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { alertOutcomes } from '../../../platform/db/schema.ts';

/**
 * GET /api/alerts/outcomes: how the trader's fires of their last OUTCOME_SESSIONS sessions with
 * an alert did, per rule (symbol and category rules by id, filtered alerts by filter name) and
 * per alert type.
 */
export async function listOutcomes(db: Db, userId: string): Promise<AlertOutcomesResponse> {
  const sessions = await db
    .selectDistinct({ session: alertOutcomes.session })
    .from(alertOutcomes)
    .where(eq(alertOutcomes.userId, userId))
    .orderBy(desc(alertOutcomes.session))
    .limit(OUTCOME_SESSIONS);
  const oldest = sessions.at(-1)?.session;
  if (oldest === undefined) return { rules: [], types: [] };
  const rows = await db
    .select()
    .from(alertOutcomes)
    .where(and(eq(alertOutcomes.userId, userId), gte(alertOutcomes.session, oldest)));

  const byRule = new Map<string, { rule_id: number | null; filter: string | null; fires: OutcomeFire[] }>();
  const byKind = new Map<string, OutcomeFire[]>();
  for (const row of rows) {
    const fire: OutcomeFire = {
      session: row.session,
      moves: { m1: row.m1, m5: row.m5, m15: row.m15, m30: row.m30, close: row.close },
    };
    const key = row.ruleId !== null ? `r${row.ruleId}` : row.filter !== null ? `f${row.filter}` : null;
    if (key !== null) {
      const group = byRule.get(key) ?? { rule_id: row.ruleId, filter: row.filter, fires: [] };
      group.fires.push(fire);
      byRule.set(key, group);
    }
    const kind = byKind.get(row.kind) ?? [];
    kind.push(fire);
    byKind.set(row.kind, kind);
  }
  return {
    rules: [...byRule.values()].map(({ fires, ...rule }) => ({ ...rule, stats: outcomeStats(fires) })),
    types: [...byKind].map(([kind, fires]) => ({ kind, stats: outcomeStats(fires) })),
  };
}

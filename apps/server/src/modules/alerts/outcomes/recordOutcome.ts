import type { FiredDraft } from '@tapeline/core';
import { latestSession } from '@tapeline/market';
import { alertOutcomes } from '../../../platform/db/schema.ts';
import type { Tx } from '../pipeline/outbox.ts';

/**
 * Opens the ledger row of a dispatched alert, in the dispatch transaction: every alert with a
 * symbol and a price (digests name many symbols and have none). Its close is the session's
 * regular close, or the session's end for an after-hours fire; a fire outside any session has none.
 */
export async function recordOutcome(
  tx: Tx,
  userId: string,
  historyId: number,
  alert: FiredDraft,
): Promise<void> {
  if (alert.kind === 'digest' || alert.price === null || !(alert.price > 0) || alert.symbol === '') return;
  const session = latestSession(alert.time);
  const closeAt = alert.time < session.close ? session.close : alert.time < session.end ? session.end : null;
  await tx.insert(alertOutcomes).values({
    userId,
    historyId,
    ruleId: alert.ruleId,
    filter: alert.filter ?? null,
    kind: alert.kind,
    symbol: alert.symbol,
    price: alert.price,
    firedAt: new Date(alert.time),
    closeAt: closeAt === null ? null : new Date(closeAt),
    session: session.date,
  });
}

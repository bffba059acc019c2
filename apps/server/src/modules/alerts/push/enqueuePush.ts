import type { PushPayload } from '@tapeline/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { alertDeliveries, pushDevices } from '../../../platform/db/schema.ts';

/** What a push is owed for: a fired alert (its outbox row) or a chat message that mentioned the user. */
export type PushSource = { outboxId: number } | { chatMessageId: number };

export interface OwedPush {
  source: PushSource;
  /** Whose web push devices get it; every device of each. */
  userIds: readonly string[];
  /** The notification, built now so every retry shows the same text. */
  payload: PushPayload;
  /** The alert's symbol; '' for a mention. */
  symbol: string;
  at: Date;
}

/**
 * Writes the web pushes owed, one delivery row per web push device of each user, in the
 * caller's transaction: the row exists exactly when what it is for does (the alert's dispatch,
 * the chat message). `next_attempt_at` stays null: due at once (delivery/worker.ts). A row
 * already there (a re-dispatch) is left as it is. Answers how many rows it wrote.
 */
export async function enqueuePush(tx: Pick<Db, 'select' | 'insert'>, owed: OwedPush): Promise<number> {
  if (owed.userIds.length === 0) return 0;
  const devices = await tx
    .select({ id: pushDevices.id, userId: pushDevices.userId })
    .from(pushDevices)
    .where(and(inArray(pushDevices.userId, [...owed.userIds]), eq(pushDevices.kind, 'webpush')));
  if (devices.length === 0) return 0;
  const source =
    'outboxId' in owed.source
      ? { outboxId: owed.source.outboxId }
      : { chatMessageId: owed.source.chatMessageId };
  const written = await tx
    .insert(alertDeliveries)
    .values(
      devices.map((device) => ({
        ...source,
        userId: device.userId,
        channel: 'push' as const,
        target: device.id,
        symbol: owed.symbol,
        payload: owed.payload,
        createdAt: owed.at,
        updatedAt: owed.at,
      })),
    )
    // alert_deliveries_once or alert_deliveries_mention_once: the same source, channel and device.
    .onConflictDoNothing()
    .returning({ id: alertDeliveries.id });
  return written.length;
}

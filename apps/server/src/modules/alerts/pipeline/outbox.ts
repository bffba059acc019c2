import { ALERT_EVENTS, type FiredAlert, type FiredDraft, PROTOCOL_VERSION } from '@tapeline/core';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/client.ts';
import { type AlertOutboxRow, alertOutbox } from '../../../platform/db/schema.ts';
import type { Log } from '../../../platform/log.ts';
import { createAlertHistoryRepository } from '../../alertHistory/repository.ts';
import { recordOutcome } from '../outcomes/recordOutcome.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What is owed outside the app for one outbox row (web push, webhooks): rows in the same transaction. */
export type EnqueueDeliveries = (tx: Tx, row: AlertOutboxRow) => Promise<number>;

export interface OutboxDeps {
  db: Db;
  io: Server;
  clock: Clock;
  log: Log;
  enqueue: EnqueueDeliveries;
  /** Deliveries were enqueued: the delivery worker should look now rather than at its next poll. */
  kickDeliveries(): void;
  /** Each dispatched alert, after the user's tabs were sent it: the bots' WebSocket (/ws/v1) relays it. */
  dispatched?(userId: string, alert: FiredAlert): void;
}

const DISPATCH_BATCH = 200;
const POLL_MS = 1000;

/** The alert a tab receives: the draft without what only the server needs. */
export function toFiredAlert(row: AlertOutboxRow): FiredAlert {
  const { key: _key, userId: _user, ruleId: _rule, ...alert } = row.alert as FiredDraft;
  return { v: PROTOCOL_VERSION, id: row.id, ...alert };
}

export interface Outbox {
  /** Writes fired alerts down; a key already written (another node heard it too) is skipped. */
  record(drafts: readonly FiredDraft[]): Promise<number>;
  /** Claims undispatched rows and dispatches them; the number dispatched. */
  dispatchOnce(): Promise<number>;
  /** Resolves when nothing recorded so far is left undispatched by this node's loop. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The outbox (docs/alerts.md "Delivery"): every fired alert is a row before anything is sent.
 * Dispatching a row — its history entry, its push and webhook deliveries, the dispatched mark —
 * is one transaction over rows claimed FOR UPDATE SKIP LOCKED, so across nodes each row is
 * dispatched once; the tabs hear it after the commit, through the socket adapter (every node).
 */
export function startOutbox(deps: OutboxDeps): Outbox {
  const { db, io, clock, log } = deps;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  const claimAndDispatch = async (): Promise<AlertOutboxRow[]> =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(alertOutbox)
        .where(isNull(alertOutbox.dispatchedAt))
        .orderBy(asc(alertOutbox.id))
        .limit(DISPATCH_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return rows;
      const history = createAlertHistoryRepository(tx as unknown as Db);
      let deliveries = 0;
      for (const row of rows) {
        const alert = row.alert as FiredDraft;
        const historyId = await history.append(row.userId, alert.msg, new Date(alert.time));
        await recordOutcome(tx, row.userId, historyId, alert);
        deliveries += await deps.enqueue(tx, row);
      }
      await tx
        .update(alertOutbox)
        .set({ dispatchedAt: new Date(clock.now()) })
        .where(
          and(
            inArray(
              alertOutbox.id,
              rows.map((r) => r.id),
            ),
            isNull(alertOutbox.dispatchedAt),
          ),
        );
      if (deliveries > 0) queueMicrotask(deps.kickDeliveries);
      return rows;
    });

  const dispatchOnce = async (): Promise<number> => {
    const rows = await claimAndDispatch();
    for (const row of rows) {
      const alert = toFiredAlert(row);
      io.to(`user:${row.userId}`).emit(
        alert.kind === 'filtered' ? ALERT_EVENTS.filtered : ALERT_EVENTS.alert,
        alert,
      );
      deps.dispatched?.(row.userId, alert);
    }
    return rows.length;
  };

  // One dispatch loop per node; a kick during a run asks for one more run after it.
  const run = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        let n: number;
        do {
          n = await dispatchOnce();
          total += n;
        } while (n === DISPATCH_BATCH && !stopped);
      } while (again && !stopped);
      return total;
    })()
      .catch((error: Error) => {
        log.error({ err: error }, 'alert outbox dispatch failed; retried at the next poll');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  // Rows another node recorded and then died before dispatching are picked up by the poll.
  const timer = clock.setInterval(() => void run(), POLL_MS);

  return {
    async record(drafts) {
      if (drafts.length === 0) return 0;
      const insert = (batch: readonly FiredDraft[]) =>
        db
          .insert(alertOutbox)
          .values(
            batch.map((d) => ({ key: d.key, userId: d.userId, alert: d, createdAt: new Date(clock.now()) })),
          )
          .onConflictDoNothing({ target: alertOutbox.key })
          .returning({ id: alertOutbox.id });
      let count: number;
      try {
        count = (await insert(drafts)).length;
      } catch {
        // One trader deleted since the evaluator last heard of them fails the whole batch: keep the rest.
        count = 0;
        for (const draft of drafts) {
          count += await insert([draft]).then(
            (rows) => rows.length,
            (error: Error) => {
              log.warn({ err: error, user: draft.userId }, 'fired alert not recorded');
              return 0;
            },
          );
        }
      }
      if (count > 0) void run();
      return count;
    },
    dispatchOnce: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      timer.cancel();
      while (running) await running;
    },
  };
}

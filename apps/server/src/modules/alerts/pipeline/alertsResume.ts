import {
  ALERT_EVENTS,
  ALERTS_RESUME_MAX,
  ALERTS_RESUME_WINDOW_MS,
  type AlertsResumeAck,
  alertsResumeRequestSchema,
  type FiredAlert,
} from '@tapeline/core';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/client.ts';
import { alertOutbox } from '../../../platform/db/schema.ts';
import type { Log } from '../../../platform/log.ts';
import { toFiredAlert } from './outbox.ts';

export interface AlertsResumeDeps {
  db: Db;
  io: Server;
  clock: Clock;
  log: Pick<Log, 'warn'>;
}

/**
 * The user's alerts a tab may have missed: dispatched (so the live event went out, or would
 * have), above the tab's highest id, and recent — an alert older than the window is history,
 * which the Alerts widget lists from its own query. In id order, as the live events came.
 */
export async function alertsSince(db: Db, userId: string, since: number, now: Date): Promise<FiredAlert[]> {
  const rows = await db
    .select()
    .from(alertOutbox)
    .where(
      and(
        eq(alertOutbox.userId, userId),
        gt(alertOutbox.id, since),
        isNotNull(alertOutbox.dispatchedAt),
        gt(alertOutbox.createdAt, new Date(now.getTime() - ALERTS_RESUME_WINDOW_MS)),
      ),
    )
    .orderBy(asc(alertOutbox.id))
    .limit(ALERTS_RESUME_MAX);
  return rows.map(toFiredAlert);
}

/**
 * `alerts_resume` {v, since} with an ack (docs/continuity.md §2): a tab that reconnects asks for
 * what fired while it was away. Any signed-in socket may ask (alerts are its own user's); a
 * body that does not parse, or a query that fails, is acked `refused` and never throws.
 */
export function serveAlertsResume(deps: AlertsResumeDeps): () => void {
  const { db, io, clock, log } = deps;
  const onConnection = (socket: Socket) => {
    socket.on(ALERT_EVENTS.resume, (body: unknown, ack?: unknown) => {
      if (typeof ack !== 'function') return;
      const reply = (answer: AlertsResumeAck) => ack(answer);
      const parsed = alertsResumeRequestSchema.safeParse(body);
      if (!parsed.success) return reply({ ok: false, reason: 'refused' });
      const userId = socket.data.userId as string;
      alertsSince(db, userId, parsed.data.since, new Date(clock.now())).then(
        (alerts) => reply({ ok: true, alerts }),
        (error: Error) => {
          log.warn({ err: error, userId }, 'alerts resume failed');
          reply({ ok: false, reason: 'refused' });
        },
      );
    });
  };
  io.on('connection', onConnection);
  return () => {
    io.off('connection', onConnection);
  };
}

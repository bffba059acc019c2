import {
  ALERT_EVENTS,
  ALERTS_RESUME_MAX,
  ALERTS_RESUME_WINDOW_MS,
  alertsResumeRequestSchema,
  type FiredAlert,
} from '@tapeline/core';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/client.ts';
import { alertOutbox } from '../../../platform/db/schema.ts';
import { connectedSocket, socketRoute } from '../../../platform/realtime/socketRoute.ts';
import { toFiredAlert } from './outbox.ts';

export interface AlertsResumeDeps {
  db: Db;
  io: Server;
  clock: Clock;
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
 * `alerts_resume` {v, since} (docs/continuity.md §2): a tab that reconnects asks for what fired
 * while it was away. Any connected socket may ask (alerts are its own user's, nothing to read
 * first); the ack is `{ok: true, alerts}` or the one refusal shape.
 */
export function serveAlertsResume(deps: AlertsResumeDeps): void {
  const { db, io, clock } = deps;
  socketRoute(
    io,
    { event: ALERT_EVENTS.resume, schema: alertsResumeRequestSchema, guard: connectedSocket },
    async ({ identity, body }) => ({
      alerts: await alertsSince(db, identity.userId, body.since, clock.now()),
    }),
  );
}

import { and, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type SessionRow, sessions } from '../../platform/db/schema.ts';

/** The `sessions` table: one row per signed-in browser (see schema.ts). */
export function createSessionsRepository(db: Db) {
  return {
    /** A new session; the user's expired and revoked rows are swept at the same time. */
    async create(userId: string, now: Date, ttlMs: number): Promise<SessionRow> {
      await db
        .delete(sessions)
        .where(
          and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, now))),
        );
      const [row] = await db
        .insert(sessions)
        .values({ userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
        .returning();
      if (!row) throw new Error('session insert returned no row');
      return row;
    },
    async isLive(sessionId: string, userId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .limit(1);
      return !!row;
    },
    /** Which of these sessions are still live (one query for a node's open sockets). */
    async liveAmong(sessionIds: readonly string[], now: Date): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(inArray(sessions.id, [...sessionIds]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        );
      return new Set(rows.map((row) => row.id));
    },
    async revoke(sessionId: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    /** Ends every session of a user, or every one but `keep` (the caller's, after a password change). */
    async revokeAll(userId: string, now: Date, keep?: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keep ? ne(sessions.id, keep) : undefined,
          ),
        );
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type ApiKeyRow, apiKeys, users } from '../../platform/db/schema.ts';

/** The `api_keys` table (schema.ts): hashes only, revoked rows kept with their time. */
export function createApiKeysRepository(db: Db) {
  return {
    /**
     * Inserts a key unless the user already has `max` live ones: the user's row is locked for the
     * count, so two creations at once cannot both pass it. Null when the limit is reached.
     */
    async createWithin(
      max: number,
      row: Pick<ApiKeyRow, 'userId' | 'name' | 'keyId' | 'keyHash' | 'scopes' | 'createdAt'>,
    ): Promise<ApiKeyRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
        const [live] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, row.userId), isNull(apiKeys.revokedAt)));
        if ((live?.n ?? 0) >= max) return null;
        const [created] = await tx.insert(apiKeys).values(row).returning();
        return created ?? null;
      });
    },
    async listLive(userId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.keyId));
    },
    /** The live key with this id part, or undefined. */
    async findLive(keyId: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.keyId, keyId), isNull(apiKeys.revokedAt)))
        .limit(1);
      return row;
    },
    /** Which of these key ids are still live (one query for a node's open bot sockets). */
    async liveAmong(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(inArray(apiKeys.id, [...ids]), isNull(apiKeys.revokedAt)));
      return new Set(rows.map((r) => r.id));
    },
    /** Revokes one of the user's keys; false when the user has no such live key. */
    async revoke(userId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },
    async revokeAll(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length;
    },
    async touch(id: string, now: Date): Promise<void> {
      await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;

import { POPULAR_MAX, type PopularSymbol } from '@tapeline/core';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { symbolPopularity } from '../../platform/db/schema.ts';

/** Scores halve every 2 hours: a burst of interest this morning fades by the afternoon. */
export const POPULARITY_HALF_LIFE_SEC = 2 * 60 * 60;
const MIN_SCORE = 0.05;

const decayedAt = (now: Date) =>
  sql<number>`${symbolPopularity.score} * power(0.5, greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - ${symbolPopularity.updatedAt}))) / ${POPULARITY_HALF_LIFE_SEC})`;

export function createPopularityRepository(db: Db) {
  return {
    /** Decays the stored score to `now` and adds one, in one statement (safe under races). */
    async increment(symbol: string, now: Date): Promise<void> {
      await db
        .insert(symbolPopularity)
        .values({ symbol, score: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: symbolPopularity.symbol,
          set: { score: sql`${decayedAt(now)} + 1`, updatedAt: now },
        });
    },
    async top(now: Date, limit = POPULAR_MAX): Promise<PopularSymbol[]> {
      const score = decayedAt(now);
      const rows = await db
        .select({ symbol: symbolPopularity.symbol, score })
        .from(symbolPopularity)
        .where(sql`${score} >= ${MIN_SCORE}`)
        .orderBy(desc(score), symbolPopularity.symbol)
        .limit(limit);
      return rows.map((row) => ({ symbol: row.symbol, score: Math.round(Number(row.score) * 1000) / 1000 }));
    },
  };
}

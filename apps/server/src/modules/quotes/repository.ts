import { planQuoteEdit, planReorder, type QuoteEditPlan } from '@tapeline/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { quotes } from '../../platform/db/schema.ts';

/** One saved favourite, in list order. */
export interface StoredQuote {
  symbol: string;
  pin: number | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Every write takes this trader's transaction lock first (as alert rules do), so two saves at
 * once are applied one after the other: racing adds cannot pass 75 together, and a reorder never
 * interleaves with an edit's renumbering.
 */
async function lockTrader(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quotes:${userId}`}, 0))`);
}

async function readList(db: Db | Tx, userId: string): Promise<StoredQuote[]> {
  return db
    .select({ symbol: quotes.symbol, pin: quotes.pin })
    .from(quotes)
    .where(eq(quotes.userId, userId))
    .orderBy(asc(quotes.position), asc(quotes.symbol));
}

/** Rewrites every position in one statement: `list[i]` gets position i. */
async function writePositions(tx: Tx, userId: string, list: readonly string[]): Promise<void> {
  if (list.length === 0) return;
  const rows = sql.join(
    list.map((symbol, i) => sql`(${symbol}::text, ${i}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update quotes set position = v.pos from (values ${rows}) as v(symbol, pos)
        where quotes.user_id = ${userId} and quotes.symbol = v.symbol and quotes.position <> v.pos`,
  );
}

export interface EditOutcome {
  plan: QuoteEditPlan;
  /** The list after the call (unchanged unless the plan is an edit). */
  list: StoredQuote[];
}

/** A trader's favourite quotes (table `quotes`, docs/quotes-news.md §1 "Storage"). */
export function createQuotesRepository(db: Db) {
  return {
    list: (userId: string) => readList(db, userId),

    /**
     * Applies POST /api/quotes under the trader's lock: the plan is made from the list as it is
     * inside the lock, and written only when it is an edit (empty and overflow change nothing).
     */
    async edit(
      userId: string,
      adds: readonly string[],
      deletes: readonly string[],
      isListed: (symbol: string) => boolean,
      now: Date,
    ): Promise<EditOutcome> {
      return db.transaction(async (tx) => {
        await lockTrader(tx, userId);
        const before = await readList(tx, userId);
        const plan = planQuoteEdit(
          before.map((q) => q.symbol),
          adds,
          deletes,
          isListed,
        );
        if (plan.kind !== 'edit') return { plan, list: before };
        if (plan.removed.length > 0) {
          await tx.delete(quotes).where(and(eq(quotes.userId, userId), inArray(quotes.symbol, plan.removed)));
        }
        if (plan.added.length > 0) {
          const base = plan.list.length - plan.added.length;
          await tx
            .insert(quotes)
            .values(plan.added.map((symbol, i) => ({ userId, symbol, position: base + i, createdAt: now })));
        }
        if (plan.removed.length > 0) await writePositions(tx, userId, plan.list);
        return { plan, list: await readList(tx, userId) };
      });
    },

    /** Removes one symbol and closes the gap; false when it was not listed. */
    async remove(userId: string, symbol: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockTrader(tx, userId);
        const [gone] = await tx
          .delete(quotes)
          .where(and(eq(quotes.userId, userId), eq(quotes.symbol, symbol)))
          .returning({ position: quotes.position });
        if (!gone) return false;
        await tx
          .update(quotes)
          .set({ position: sql`${quotes.position} - 1` })
          .where(and(eq(quotes.userId, userId), sql`${quotes.position} > ${gone.position}`));
        return true;
      });
    },

    /** Applies core's reorder rule to the list as it is inside the lock. */
    async reorder(userId: string, named: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await lockTrader(tx, userId);
        const before = await readList(tx, userId);
        await writePositions(
          tx,
          userId,
          planReorder(
            before.map((q) => q.symbol),
            named,
          ),
        );
      });
    },

    /** Sets or clears (null) the pin; null when the symbol is not listed. */
    async setPin(userId: string, symbol: string, pin: number | null): Promise<StoredQuote | null> {
      const [row] = await db
        .update(quotes)
        .set({ pin })
        .where(and(eq(quotes.userId, userId), eq(quotes.symbol, symbol)))
        .returning({ symbol: quotes.symbol, pin: quotes.pin });
      return row ?? null;
    },
  };
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;

import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { chatUserStats, users } from '../../platform/db/schema.ts';

// A user's chat figures (docs/chat.md "Model"): cur_posts and vibe for this month (UTC),
// tot_posts for ever. chat_user_stats keeps the month; users carries the copy the profile reads.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 'YYYY-MM' in UTC. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/**
 * One more post this month: cur_posts from the month's row, tot_posts + 1. One statement (the
 * month's row upserted in a CTE), as it sits on the send path.
 */
export async function countPost(tx: Tx | Db, userId: string, at: Date, service1yr: boolean): Promise<void> {
  await tx.execute(sql`
    with month as (
      insert into ${chatUserStats} (user_id, month, posts) values (${userId}, ${monthOf(at)}, 1)
      on conflict (user_id, month) do update set posts = ${chatUserStats}.posts + 1
      returning posts, vibe
    )
    update ${users} set cur_posts = month.posts, vibe = month.vibe, tot_posts = ${users}.tot_posts + 1,
      service1yr = ${service1yr}
    from month where ${users}.id = ${userId}`);
}

/** A vote on the author's message moved by `delta`: this month's vibe. */
export async function countVibe(tx: Tx | Db, authorId: string, at: Date, delta: number): Promise<void> {
  if (delta === 0) return;
  const [row] = await tx
    .insert(chatUserStats)
    .values({ userId: authorId, month: monthOf(at), vibe: delta })
    .onConflictDoUpdate({
      target: [chatUserStats.userId, chatUserStats.month],
      set: { vibe: sql`${chatUserStats.vibe} + ${delta}` },
    })
    .returning();
  await tx
    .update(users)
    .set({ vibe: row?.vibe ?? delta, curPosts: row?.posts ?? 0 })
    .where(eq(users.id, authorId));
}

/** The month turned: users with figures but no row for this month start again at 0. */
export async function sweepMonth(db: Db, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ curPosts: 0, vibe: 0 })
    .where(
      and(
        or(ne(users.curPosts, 0), ne(users.vibe, 0)),
        sql`not exists (select 1 from ${chatUserStats} s where s.user_id = ${users.id} and s.month = ${monthOf(now)})`,
      ),
    );
}

import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { chatBans, type UserRow } from '../../platform/db/schema.ts';

/**
 * The reason the moderator gave for the ban that holds now, or undefined (no ban, or none
 * given). The live `ban` event carries it too, but a reload only has the profile to read.
 */
export async function activeBanReason(ctx: AppContext, user: UserRow): Promise<string | undefined> {
  if (!user.banExpAt || user.banExpAt.getTime() <= ctx.clock.now()) return undefined;
  const [last] = await ctx.database.db
    .select({ reason: chatBans.reason })
    .from(chatBans)
    .where(eq(chatBans.userId, user.id))
    .orderBy(desc(chatBans.createdAt), desc(chatBans.id))
    .limit(1);
  return last?.reason || undefined;
}

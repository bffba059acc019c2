import { usernameKey } from '@tapeline/core/username';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  type ChatChannelRow,
  type ChatMessageRow,
  chatChannels,
  chatMessages,
  chatVotes,
  subscriptions,
  users,
} from '../../platform/db/schema.ts';

// The chat's reads (docs/chat.md "Model"). Writes that must be atomic live in postMessage.ts,
// castVote.ts and moderation.ts, each one transaction.

/** What a message's author view is built from (authorView.ts). */
export interface AuthorRow {
  id: string;
  username: string | null;
  profileImage: string | null;
  role: 'trader' | 'mod' | 'admin';
  vip: boolean;
  /** The newest subscription's start, when it has not ended. */
  subscribedSince: Date | null;
}

export interface PageFilter {
  channelId: string;
  /** Author's username (any case). */
  username?: string | undefined;
  symbol?: string | undefined;
  /** Older than this (ms). */
  before?: number | undefined;
}

export function createChatRepository(db: Db) {
  const filters = (f: PageFilter) => {
    const where = [eq(chatMessages.channelId, f.channelId), isNull(chatMessages.deletedAt)];
    if (f.username !== undefined) {
      where.push(
        inArray(
          chatMessages.userId,
          db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.usernameKey, usernameKey(f.username))),
        ),
      );
    }
    if (f.symbol !== undefined) where.push(sql`${chatMessages.symbols} @> array[${f.symbol}]::text[]`);
    return where;
  };

  return {
    async channels(): Promise<ChatChannelRow[]> {
      return db.select().from(chatChannels).orderBy(asc(chatChannels.position));
    },

    async channel(id: string): Promise<ChatChannelRow | undefined> {
      const [row] = await db.select().from(chatChannels).where(eq(chatChannels.id, id)).limit(1);
      return row;
    },

    /**
     * Newest first, `size` of them, plus every further message sharing the oldest one's time, so
     * that paging by time alone (p_ts) never skips a message. `more`: older ones remain.
     */
    async page(f: PageFilter, size: number): Promise<{ rows: ChatMessageRow[]; more: boolean }> {
      const where = filters(f);
      if (f.before !== undefined) where.push(lt(chatMessages.createdAt, new Date(f.before)));
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(...where))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(size + 1);
      if (rows.length <= size) return { rows, more: false };
      rows.length = size;
      const oldest = rows[size - 1] as ChatMessageRow;
      const ties = await db
        .select()
        .from(chatMessages)
        .where(
          and(...filters(f), eq(chatMessages.createdAt, oldest.createdAt), lt(chatMessages.id, oldest.id)),
        )
        .orderBy(desc(chatMessages.id));
      const all = rows.concat(ties);
      // Older than the page's oldest time: is anything left?
      const [older] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(...filters(f), lt(chatMessages.createdAt, oldest.createdAt)))
        .limit(1);
      return { rows: all, more: older !== undefined };
    },

    /** Live messages by id (replied-to ones); deleted ones are left out. */
    async messages(ids: readonly number[]): Promise<ChatMessageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(chatMessages)
        .where(and(inArray(chatMessages.id, [...ids]), isNull(chatMessages.deletedAt)));
    },

    async message(id: number): Promise<ChatMessageRow | undefined> {
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
      return row;
    },

    /** The reader's own votes on these messages. */
    async myVotes(userId: string, ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: chatVotes.messageId, value: chatVotes.value })
        .from(chatVotes)
        .where(and(eq(chatVotes.userId, userId), inArray(chatVotes.messageId, [...ids])));
      return new Map(rows.map((r) => [r.id, r.value]));
    },

    /** Authors with what their badges need, one query for users and one for subscriptions. */
    async authors(ids: readonly string[]): Promise<Map<string, AuthorRow>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          profileImage: users.profileImage,
          role: users.role,
          vip: users.vip,
        })
        .from(users)
        .where(inArray(users.id, unique));
      const subs = await db
        .selectDistinctOn([subscriptions.userId], {
          userId: subscriptions.userId,
          createdAt: subscriptions.createdAt,
          endedAt: subscriptions.endedAt,
        })
        .from(subscriptions)
        .where(inArray(subscriptions.userId, unique))
        .orderBy(subscriptions.userId, desc(subscriptions.createdAt));
      const since = new Map(subs.map((s) => [s.userId, s.endedAt ? null : s.createdAt]));
      return new Map(rows.map((r) => [r.id, { ...r, subscribedSince: since.get(r.id) ?? null }]));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;

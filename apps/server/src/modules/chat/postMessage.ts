import {
  CHAT_POST_BURST,
  CHAT_POST_WINDOW_MS,
  CHAT_REPEAT_WINDOW_MS,
  hasRole,
  type Role,
  serviceOneYear,
  slowModeRetryAt,
} from '@tapeline/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  type ChatMessageRow,
  chatChannels,
  chatMessages,
  subscriptions,
  users,
} from '../../platform/db/schema.ts';
import { SocketRefusalError } from '../../platform/realtime/socketRoute.ts';
import { notifyMentions } from './mentions.ts';
import type { AuthorRow } from './repository.ts';
import { countPost } from './stats.ts';

export interface NewMessage {
  channelId: string;
  userId: string;
  /** The caller has an active subscription (the guard's answer): the service1yr badge needs it. */
  subscriber: boolean;
  text: string;
  /** Names the text mentions (the renderer's), each once. */
  mentions: readonly string[];
  content: string;
  symbols: string[];
  replyTo: number | null;
  /** chat_send's clientId: a second post with the same one (a retry) finds the first. */
  clientId: string | null;
  now: Date;
}

export interface PostedMessage {
  row: ChatMessageRow;
  channel: { id: string; label: string };
  /** The poster as the locked row showed them: the message's author view needs no further read. */
  author: AuthorRow;
  /** Users the message notifies (chat notification on, not the author); their pushes are written. */
  mentioned: string[];
  /** A retry of a send already stored (same clientId): `row` is that message, nothing new was written. */
  retried: boolean;
}

/** How a mention names its author: the username, or 'trader' for a user who has none yet. */
export const mentionAuthor = (username: string | null): string => username ?? 'trader';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** Times as epoch ms numbers: node-postgres and PGlite agree on float8, not on timestamp parsing. */
const ms = (column: unknown) => sql`(extract(epoch from ${column}) * 1000)::float8`;

interface PosterRow {
  username: string | null;
  profile_image: string | null;
  role: Role;
  vip: boolean;
  since: number | null;
  channel_id: string | null;
  label: string | null;
  slow_mode_s: number | null;
}

/**
 * The poster's row, locked (so two nodes cannot both let a burst through), with what the author
 * view needs, their newest subscription's start when it has not ended, and the channel: one
 * round trip where the send path once made four.
 */
async function lockPoster(tx: Tx, userId: string, channelId: string): Promise<PosterRow | undefined> {
  const [row] = rowsOf<PosterRow>(
    await tx.execute(sql`
      select u.username, u.profile_image, u.role, u.vip,
        (select case when s.ended_at is null then ${ms(sql`s.created_at`)} end
           from ${subscriptions} s where s.user_id = u.id order by s.created_at desc limit 1) as since,
        c.id as channel_id, c.label, c.slow_mode_s
      from ${users} u left join ${chatChannels} c on c.id = ${channelId}
      where u.id = ${userId}
      for update of u`),
  );
  return row;
}

interface RecentRow {
  at: number;
  text: string | null;
  /** 'w': within the repeat window (any channel); 'c': the newest post in this channel. */
  kind: 'w' | 'c';
}

/** The poster's posts in the repeat window and their newest in this channel, in one round trip. */
async function recentPosts(tx: Tx, userId: string, channelId: string, since: Date): Promise<RecentRow[]> {
  return rowsOf<RecentRow>(
    await tx.execute(sql`
      (select ${ms(chatMessages.createdAt)} as at, ${chatMessages.text} as text, 'w' as kind
         from ${chatMessages}
        where ${chatMessages.userId} = ${userId} and ${chatMessages.createdAt} > ${since.toISOString()}::timestamptz
        order by ${chatMessages.createdAt} desc limit 50)
      union all
      (select ${ms(chatMessages.createdAt)}, null, 'c'
         from ${chatMessages}
        where ${chatMessages.userId} = ${userId} and ${chatMessages.channelId} = ${channelId}
        order by ${chatMessages.createdAt} desc limit 1)`),
  );
}

/**
 * Stores a message after the checks that need the user's recent posts (docs/chat.md "Limits"):
 * rate, repeat, slow mode (mods and admins are exempt from slow mode), and the reply target.
 * One transaction that first locks the user's row; the web pushes its mentions are owed are
 * written in it too (mentions.ts).
 */
export async function postMessage(db: Db, draft: NewMessage): Promise<PostedMessage> {
  const { now, userId, channelId } = draft;
  const at = now.getTime();
  return db.transaction(async (tx) => {
    const poster = await lockPoster(tx, userId, channelId);
    if (!poster) throw new SocketRefusalError('subscription_required');
    if (poster.channel_id === null || poster.label === null) throw new SocketRefusalError('unknown_channel');
    const channel = { id: poster.channel_id, label: poster.label };
    const author: AuthorRow = {
      id: userId,
      username: poster.username,
      profileImage: poster.profile_image,
      role: poster.role,
      vip: poster.vip,
      subscribedSince: poster.since === null ? null : new Date(poster.since),
    };
    // A retry (its ack was lost): the user's row is locked, so the first send has committed or
    // never will; the unique (user_id, client_id) backs this up.
    if (draft.clientId !== null) {
      const [stored] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, userId), eq(chatMessages.clientId, draft.clientId)))
        .limit(1);
      if (stored) return { row: stored, channel, author, mentioned: [], retried: true };
    }
    const recent = await recentPosts(tx, userId, channelId, new Date(at - CHAT_REPEAT_WINDOW_MS));
    const inWindow = recent.filter((m) => m.kind === 'w' && at - m.at < CHAT_POST_WINDOW_MS);
    if (inWindow.length >= CHAT_POST_BURST) {
      const oldest = inWindow[CHAT_POST_BURST - 1] as RecentRow;
      throw new SocketRefusalError('rate_limited', oldest.at + CHAT_POST_WINDOW_MS);
    }
    if (recent.some((m) => m.kind === 'w' && m.text === draft.text)) throw new SocketRefusalError('repeated');
    const slowModeS = poster.slow_mode_s ?? 0;
    if (slowModeS > 0 && !hasRole(poster.role, 'mod')) {
      const last = recent.find((m) => m.kind === 'c');
      const retryAt = slowModeRetryAt(last ? last.at : null, slowModeS, at);
      if (retryAt !== null) throw new SocketRefusalError('slow_mode', retryAt);
    }
    if (draft.replyTo !== null) {
      const [target] = await tx
        .select({ channelId: chatMessages.channelId, deletedAt: chatMessages.deletedAt })
        .from(chatMessages)
        .where(eq(chatMessages.id, draft.replyTo))
        .limit(1);
      if (!target || target.deletedAt !== null || target.channelId !== channelId) {
        throw new SocketRefusalError('reply_missing');
      }
    }
    const [row] = await tx
      .insert(chatMessages)
      .values({
        channelId,
        userId,
        text: draft.text,
        content: draft.content,
        replyTo: draft.replyTo,
        symbols: draft.symbols,
        clientId: draft.clientId,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('chat message insert returned nothing');
    await countPost(tx, userId, now, draft.subscriber && serviceOneYear(poster.since, at));
    const mentioned = await notifyMentions(tx, {
      messageId: row.id,
      text: draft.text,
      names: draft.mentions,
      author: { id: userId, name: mentionAuthor(poster.username) },
      channelLabel: poster.label,
      at: now,
    });
    return { row, channel, author, mentioned, retried: false };
  });
}

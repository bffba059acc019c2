import {
  CHAT_POST_BURST,
  CHAT_POST_WINDOW_MS,
  CHAT_REPEAT_WINDOW_MS,
  hasRole,
  type Role,
  slowModeRetryAt,
} from '@tapeline/core';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type ChatChannelRow, type ChatMessageRow, chatMessages, users } from '../../platform/db/schema.ts';
import { notifyMentions } from './mentions.ts';
import { ChatRefusal } from './socket/chatSocket.ts';
import { countPost } from './stats.ts';

export interface NewMessage {
  channel: ChatChannelRow;
  user: { id: string; role: Role; username: string | null };
  text: string;
  /** Names the text mentions (the renderer's), each once. */
  mentions: readonly string[];
  content: string;
  symbols: string[];
  replyTo: number | null;
  service1yr: boolean;
  now: Date;
}

export interface PostedMessage {
  row: ChatMessageRow;
  /** Users the message notifies (chat notification on, not the author); their pushes are written. */
  mentioned: string[];
}

/** How a mention names its author: the username, or 'trader' for a user who has none yet. */
export const mentionAuthor = (username: string | null): string => username ?? 'trader';

/**
 * Stores a message after the checks that need the user's recent posts (docs/chat.md "Limits"):
 * rate, repeat, slow mode (mods and admins are exempt from slow mode), and the reply target.
 * One transaction that first locks the user's row, so two nodes cannot both let a burst through;
 * the web pushes its mentions are owed are written in it too (mentions.ts).
 */
export async function postMessage(db: Db, draft: NewMessage): Promise<PostedMessage> {
  const { now, user, channel } = draft;
  const at = now.getTime();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
    const recent = await tx
      .select({ createdAt: chatMessages.createdAt, text: chatMessages.text })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, user.id),
          gt(chatMessages.createdAt, new Date(at - CHAT_REPEAT_WINDOW_MS)),
        ),
      )
      .orderBy(desc(chatMessages.createdAt))
      .limit(50);
    const inWindow = recent.filter((m) => at - m.createdAt.getTime() < CHAT_POST_WINDOW_MS);
    if (inWindow.length >= CHAT_POST_BURST) {
      const oldest = inWindow[CHAT_POST_BURST - 1] as { createdAt: Date };
      throw new ChatRefusal('rate_limited', oldest.createdAt.getTime() + CHAT_POST_WINDOW_MS);
    }
    if (recent.some((m) => m.text === draft.text)) throw new ChatRefusal('repeated');
    if (channel.slowModeS > 0 && !hasRole(user.role, 'mod')) {
      const [last] = await tx
        .select({ createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.channelId, channel.id)))
        .orderBy(desc(chatMessages.createdAt))
        .limit(1);
      const retryAt = slowModeRetryAt(last ? last.createdAt.getTime() : null, channel.slowModeS, at);
      if (retryAt !== null) throw new ChatRefusal('slow_mode', retryAt);
    }
    if (draft.replyTo !== null) {
      const [target] = await tx
        .select({ channelId: chatMessages.channelId, deletedAt: chatMessages.deletedAt })
        .from(chatMessages)
        .where(eq(chatMessages.id, draft.replyTo))
        .limit(1);
      if (!target || target.deletedAt !== null || target.channelId !== channel.id) {
        throw new ChatRefusal('reply_missing');
      }
    }
    const [row] = await tx
      .insert(chatMessages)
      .values({
        channelId: channel.id,
        userId: user.id,
        text: draft.text,
        content: draft.content,
        replyTo: draft.replyTo,
        symbols: draft.symbols,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('chat message insert returned nothing');
    await countPost(tx, user.id, now, draft.service1yr);
    const mentioned = await notifyMentions(tx, {
      messageId: row.id,
      text: draft.text,
      names: draft.mentions,
      author: { id: user.id, name: mentionAuthor(user.username) },
      channelLabel: channel.label,
      at: now,
    });
    return { row, mentioned };
  });
}

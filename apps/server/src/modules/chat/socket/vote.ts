import type { chatVoteSchema } from '@tapeline/core';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { chatMessages, chatVotes } from '../../../platform/db/schema.ts';
import { SocketRefusalError } from '../../../platform/realtime/socketRoute.ts';
import { countVibe } from '../stats.ts';
import { type ChatHandler, channelRoom, chatEvent } from './chatSocket.ts';

/**
 * chat_vote {v, id, value}: one vote per user per message (0 takes it back), never on one's own.
 * Its guard checked a subscriber who may write; its route's rate is CHAT_VOTE_BURST per window.
 * The message row is locked while its sum and the author's vibe move by the difference.
 */
export const vote: ChatHandler<z.infer<typeof chatVoteSchema>> = async (deps, { principal, body }) => {
  const { user } = principal;
  const now = deps.clock.now();

  const result = await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .select({
        userId: chatMessages.userId,
        channelId: chatMessages.channelId,
        deletedAt: chatMessages.deletedAt,
      })
      .from(chatMessages)
      .where(eq(chatMessages.id, body.id))
      .for('update');
    if (!message || message.deletedAt !== null) throw new SocketRefusalError('unknown_message');
    if (message.userId === user.id) throw new SocketRefusalError('own_message');
    const [before] = await tx
      .select({ value: chatVotes.value })
      .from(chatVotes)
      .where(and(eq(chatVotes.messageId, body.id), eq(chatVotes.userId, user.id)));
    const delta = body.value - (before?.value ?? 0);
    if (body.value === 0) {
      await tx.delete(chatVotes).where(and(eq(chatVotes.messageId, body.id), eq(chatVotes.userId, user.id)));
    } else {
      await tx
        .insert(chatVotes)
        .values({ messageId: body.id, userId: user.id, value: body.value })
        .onConflictDoUpdate({ target: [chatVotes.messageId, chatVotes.userId], set: { value: body.value } });
    }
    const [sum] = await tx
      .update(chatMessages)
      .set({ vote: sql`${chatMessages.vote} + ${delta}` })
      .where(eq(chatMessages.id, body.id))
      .returning({ vote: chatMessages.vote });
    await countVibe(tx, message.userId, now, delta);
    return { channelId: message.channelId, vote: sum?.vote ?? 0 };
  });
  await deps.rooms.emit(
    channelRoom(result.channelId),
    chatEvent({
      type: 'vote',
      channel_id: result.channelId,
      id: body.id,
      vote: result.vote,
      user_id: user.id,
      value: body.value,
    }),
  );
  return undefined;
};

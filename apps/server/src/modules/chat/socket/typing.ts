import { banActive, CHAT_EVENTS, CHAT_TYPING_MS, type chatTypingSchema } from '@tapeline/core';
import type { z } from 'zod';
import { type ChatHandler, ChatRefusal, caller, channelRoom, chatEvent } from './chatSocket.ts';

/**
 * chat_typing {v, channel}: to everyone else in the room, at most once a second per user (extras
 * dropped before any database read). Read-only and banned users' notices are dropped too.
 */
export const typing: ChatHandler<z.infer<typeof chatTypingSchema>> = async (deps, socket, body) => {
  const room = channelRoom(body.channel);
  if (!socket.rooms.has(room)) throw new ChatRefusal('not_joined');
  const userId = socket.data.userId as string;
  if (!deps.throttles.typingAllowed(userId, CHAT_TYPING_MS)) return null;
  const { user } = await caller(deps, socket, { subscriber: true });
  if (user.chat === 0 || banActive(user.banExpAt?.getTime() ?? null, deps.clock.now())) return null;
  socket.to(room).emit(
    CHAT_EVENTS.update,
    chatEvent({
      type: 'typing',
      channel_id: body.channel,
      user: { id: user.id, name: user.username ?? 'trader' },
    }),
  );
  return null;
};

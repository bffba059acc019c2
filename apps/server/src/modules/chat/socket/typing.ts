import { banActive, CHAT_EVENTS, CHAT_TYPING_MS, type chatTypingSchema } from '@tapeline/core';
import type { z } from 'zod';
import { SocketRefusalError } from '../../../platform/realtime/socketRoute.ts';
import { type ChatHandler, channelRoom, chatEvent } from './chatSocket.ts';

/**
 * chat_typing {v, channel}: to everyone else in the room, at most once a second per user (extras
 * dropped quietly; the guard's facts are cached, so a burst reads the database once). Read-only
 * and banned users' notices are dropped too.
 */
export const typing: ChatHandler<z.infer<typeof chatTypingSchema>> = async (
  deps,
  { socket, principal, body },
) => {
  const room = channelRoom(body.channel);
  if (!socket.rooms.has(room)) throw new SocketRefusalError('not_joined');
  const { user } = principal;
  if (!deps.throttles.typingAllowed(user.id, CHAT_TYPING_MS)) return undefined;
  if (user.chat === 0 || banActive(user.banExpAt?.getTime() ?? null, deps.clock.now().getTime()))
    return undefined;
  socket.to(room).emit(
    CHAT_EVENTS.update,
    chatEvent({
      type: 'typing',
      channel_id: body.channel,
      user: { id: user.id, name: user.username ?? 'trader' },
    }),
  );
  return undefined;
};

import type { chatSubscribeSchema, chatUnsubscribeSchema } from '@tapeline/core';
import type { z } from 'zod';
import { CHANNEL_ROOM_PREFIX, type ChatHandler, ChatRefusal, caller, channelRoom } from './chatSocket.ts';

/** chat_subscribe {v, channel}: subscribers join `chat:<channel>` (read-only and banned users too). */
export const subscribe: ChatHandler<z.infer<typeof chatSubscribeSchema>> = async (deps, socket, body) => {
  await caller(deps, socket, { subscriber: true });
  if (!(await deps.repository.channel(body.channel))) throw new ChatRefusal('unknown_channel');
  await socket.join(channelRoom(body.channel));
  return { success: true };
};

/** chat_unsubscribe {v, channel?}: leaves that channel, or every chat room. Never refused. */
export const unsubscribe: ChatHandler<z.infer<typeof chatUnsubscribeSchema>> = async (
  _deps,
  socket,
  body,
) => {
  if (body.channel !== undefined) await socket.leave(channelRoom(body.channel));
  else
    for (const room of [...socket.rooms]) if (room.startsWith(CHANNEL_ROOM_PREFIX)) await socket.leave(room);
  return { success: true };
};

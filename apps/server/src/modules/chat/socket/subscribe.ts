import type { chatSubscribeSchema, chatUnsubscribeSchema } from '@tapeline/core';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { SocketRefusalError } from '../../../platform/realtime/socketRoute.ts';
import { CHANNEL_ROOM_PREFIX, type ChatSocketDeps, channelRoom } from './chatSocket.ts';

/** chat_subscribe {v, channel}: subscribers join `chat:<channel>` (read-only and banned users too). */
export async function subscribe(
  deps: ChatSocketDeps,
  socket: Socket,
  body: z.infer<typeof chatSubscribeSchema>,
): Promise<undefined> {
  if (!(await deps.repository.channel(body.channel))) throw new SocketRefusalError('unknown_channel');
  await socket.join(channelRoom(body.channel));
  return undefined;
}

/** chat_unsubscribe {v, channel?}: leaves that channel, or every chat room. Never refused. */
export async function unsubscribe(
  socket: Socket,
  body: z.infer<typeof chatUnsubscribeSchema>,
): Promise<undefined> {
  if (body.channel !== undefined) await socket.leave(channelRoom(body.channel));
  else
    for (const room of [...socket.rooms]) if (room.startsWith(CHANNEL_ROOM_PREFIX)) await socket.leave(room);
  return undefined;
}

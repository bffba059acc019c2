import {
  CHAT_EVENTS,
  type chatSendSchema,
  chatMessages as chatText,
  isValidSymbol,
  renderChatContent,
} from '@tapeline/core';
import type { z } from 'zod';
import { sanitizeChatContent } from '../../../platform/html/sanitize.ts';
import { metrics } from '../../../platform/metrics.ts';
import { SocketRefusalError } from '../../../platform/realtime/socketRoute.ts';
import { viewMessages } from '../messageView.ts';
import { mentionAuthor, postMessage } from '../postMessage.ts';
import { type ChatHandler, type ChatSocketDeps, channelRoom, chatEvent } from './chatSocket.ts';

/** Symbols of the reference data; the symbol pattern while no engine has loaded any. */
async function symbolCheck(deps: ChatSocketDeps): Promise<(symbol: string) => boolean> {
  const known = await deps.universe.symbols().catch(() => null);
  return known ? (symbol) => known.has(symbol) : isValidSymbol;
}

/**
 * chat_send {v, channel, msg, replyMsg, clientId}: its guard (`guards.socket.chatWriter`) checked a
 * subscriber who is not read-only or banned; then the content, then it stores (channel, rate, repeat, slow mode, reply target: postMessage.ts) with the web
 * pushes its mentions are owed, then the room hears `message` and mentioned users with chat
 * notification on hear `mention`; the delivery worker is told the pushes are there.
 */
export const send: ChatHandler<z.infer<typeof chatSendSchema>, { id: number }> = async (
  deps,
  { principal, body },
) => {
  const { user, subscription } = principal;
  // Redis down: the room would not cross nodes; the sender is told to try again, nothing is stored.
  if (!deps.redisReady()) throw new SocketRefusalError('unavailable');
  const now = new Date(deps.clock.now());
  const rendered = renderChatContent(body.msg, { isSymbol: await symbolCheck(deps) });
  if (!rendered.ok) throw new SocketRefusalError(rendered.problem);
  const { row, channel, author, mentioned, retried } = await postMessage(deps.db, {
    channelId: body.channel,
    userId: user.id,
    subscriber: subscription !== null,
    text: rendered.text,
    mentions: rendered.mentions,
    content: sanitizeChatContent(rendered.html),
    symbols: rendered.symbols,
    replyTo: body.replyMsg ?? null,
    clientId: body.clientId ?? null,
    now,
  });
  // A retried send answers the stored message's id; its room heard it the first time.
  if (retried) return { id: row.id };
  metrics.chatMessages.inc();
  const known = new Map([[author.id, author]]);
  const [message] = await viewMessages(deps.repository, [row], null, now.getTime(), known);
  const heard = message
    ? deps.rooms.emit(channelRoom(channel.id), chatEvent({ type: 'message', message }))
    : null;

  if (mentioned.length > 0) deps.kickDeliveries?.();
  const from = mentionAuthor(user.username);
  for (const id of mentioned) {
    deps.io.to(`user:${id}`).emit(
      CHAT_EVENTS.update,
      chatEvent({
        type: 'mention',
        channel_id: channel.id,
        id: row.id,
        from,
        message: chatText.mentioned(from, channel.label),
      }),
    );
  }
  // The ack follows the room's frame, so the poster hears its message before the answer.
  await heard;
  return { id: row.id };
};

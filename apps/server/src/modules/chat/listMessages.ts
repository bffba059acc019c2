import {
  CHAT_PAGE_SIZE,
  type ChatMessagesAnswer,
  type ChatMessagesQuery,
  refusalMessage,
} from '@tapeline/core';
import type { Clock } from '../../platform/clock.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { viewMessages } from './messageView.ts';
import type { ChatRepository } from './repository.ts';

/** GET /api/chat/{channel}/messages: a page, newest first (docs/chat.md "REST"). */
export async function listMessages(
  deps: { repository: ChatRepository; clock: Clock },
  readerId: string,
  channel: string,
  query: ChatMessagesQuery,
): Promise<ChatMessagesAnswer> {
  if (!(await deps.repository.channel(channel))) {
    throw new HttpError(404, 'unknown_channel', refusalMessage('unknown_channel'));
  }
  const { rows, more } = await deps.repository.page(
    { channelId: channel, username: query.u, symbol: query.s, before: query.p_ts },
    CHAT_PAGE_SIZE,
  );
  const messages = await viewMessages(deps.repository, rows, readerId, deps.clock.now().getTime());
  return { messages, reachedEnd: !more };
}

import { chatMessages as chatText, type PushPayload } from '@tapeline/core';
import { usernameKey } from '@tapeline/core/username';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import { enqueuePush } from '../alerts/push/enqueuePush.ts';

// Who a message's mentions notify, and the web push they are owed (docs/chat.md "Mentions").

/** Mentions that notify, per message: a wall of @names is not a way to page everyone. */
export const MENTION_NOTIFY_MAX = 5;

/** Code points of the message shown in a mention's push; the app shows the rest. */
export const MENTION_EXCERPT_MAX = 120;

type Queries = Pick<Db, 'select' | 'insert'>;

export interface MentionDraft {
  messageId: number;
  text: string;
  /** Names as the renderer found them (as typed, each once, in order). */
  names: readonly string[];
  author: { id: string; name: string };
  channelLabel: string;
  at: Date;
}

/** The message's text on one line, cut to MENTION_EXCERPT_MAX code points (never mid-character). */
export function mentionExcerpt(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > MENTION_EXCERPT_MAX
    ? `${chars.slice(0, MENTION_EXCERPT_MAX).join('')}…`
    : chars.join('');
}

/**
 * The notification a mention's push shows (core's pushPayloadSchema, what sw.js reads), tagged
 * per message. The excerpt cap keeps it far under PUSH_PAYLOAD_MAX_BYTES whatever the text
 * (mentions.test.ts checks the worst case), so nothing is cut after the fact.
 */
export function mentionPushPayload(
  draft: Pick<MentionDraft, 'messageId' | 'text' | 'author' | 'channelLabel'>,
): PushPayload {
  return {
    title: chatText.pushTitle,
    body: `${chatText.mentioned(draft.author.name, draft.channelLabel)}: ${mentionExcerpt(draft.text)}`,
    tag: `chat:${draft.messageId}`,
    data: { url: '/dashboard', symbol: '', id: draft.messageId },
  };
}

/**
 * In the transaction that stores the message: the users it notifies (the first
 * MENTION_NOTIFY_MAX distinct names; of those, users whose profile has chat notification on,
 * never the author) and, for each, a web push to every registered browser, written as delivery
 * rows the alerts' delivery worker sends. Written with the message, so a node that stops after
 * the commit leaves them to whichever worker looks next; never written for a message refused.
 * Answers the notified user ids (for the in-app `mention` event, sent after the commit).
 */
export async function notifyMentions(tx: Queries, draft: MentionDraft): Promise<string[]> {
  const keys = [...new Set(draft.names.map(usernameKey))].slice(0, MENTION_NOTIFY_MAX);
  if (keys.length === 0) return [];
  const mentioned = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.usernameKey, keys), eq(users.chatNotification, true), ne(users.id, draft.author.id)),
    );
  const ids = mentioned.map((m) => m.id);
  await enqueuePush(tx, {
    source: { chatMessageId: draft.messageId },
    userIds: ids,
    payload: mentionPushPayload(draft),
    symbol: '',
    at: draft.at,
  });
  return ids;
}

import { z } from 'zod';
import {
  CHAT_BAN_MAX_MINUTES,
  CHAT_BAN_REASON_MAX,
  CHAT_MESSAGE_RAW_MAX,
  CHAT_SLOW_MODE_MAX_S,
} from '../chat/chatMessages.ts';
import { USERNAME_MAX_LENGTH } from '../constants.ts';
import { symbolSchema } from '../rules/symbol.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

// The chat calls of discovery spec §7 (GET /api/chat/channels, GET /api/chat/{channel}/messages),
// the chat socket messages both ways, and their answers. Semantics: docs/chat.md.
// Times: created_at and p_ts are epoch milliseconds; ban_exp_at is epoch seconds, as the profile's.

/** A channel id: lower-case letters, digits, '-' or '_'. */
export const chatChannelIdSchema = z.string().regex(/^[a-z0-9_-]{1,32}$/);
/** A message id (a bigint identity, well inside the safe integers). */
export const chatMessageIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** §3 Channel. `slow_mode` (ours): seconds between one user's posts, 0 when off. */
export const chatChannelSchema = z.object({
  id: z.string(),
  label: z.string(),
  slow_mode: z.number().int().min(0),
});
export type ChatChannel = z.infer<typeof chatChannelSchema>;
export const chatChannelsAnswerSchema = z.object({ channels: z.array(chatChannelSchema) });
export type ChatChannelsAnswer = z.infer<typeof chatChannelsAnswerSchema>;

/** §3 Message user badges: one year of service, vip (set by an admin), mod or admin. */
export const chatBadgesSchema = z.object({
  service1yr: z.boolean(),
  vip: z.boolean(),
  modadmin: z.boolean(),
});
export type ChatBadges = z.infer<typeof chatBadgesSchema>;

/** §3 Message user: name is the username; avatar a URL the server serves, or null. */
export const chatUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  badges: chatBadgesSchema,
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** The message replied to; null when there is none or it was deleted. */
export const chatReplySchema = z.object({
  id: z.number().int(),
  content: z.string(),
  created_at: z.number(),
  user: chatUserSchema,
});
export type ChatReply = z.infer<typeof chatReplySchema>;

export const chatVoteValueSchema = z.union([z.literal(1), z.literal(-1), z.literal(0)]);
export type ChatVoteValue = z.infer<typeof chatVoteValueSchema>;

/**
 * §3 Message. `content` is server-rendered, sanitized HTML (the web sets it as HTML): text,
 * <br>, <a href rel target>, <span class="mention" data-user>, <span class="symbol" data-symbol>.
 * `vote` is the sum of votes, `me_vote` the reader's own.
 */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  channel_id: z.string(),
  content: z.string(),
  vote: z.number().int(),
  me_vote: chatVoteValueSchema,
  created_at: z.number(),
  reply: chatReplySchema.nullable(),
  user: chatUserSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatChannelParamsSchema = z.object({ channel: chatChannelIdSchema });

/** GET /api/chat/{channel}/messages: u (username, no @), s (symbol), p_ts (older than, ms). */
export const chatMessagesQuerySchema = z.object({
  u: z
    .string()
    .trim()
    .max(USERNAME_MAX_LENGTH * 4)
    .optional()
    .transform((u) => (u ? u.replace(/^@/, '') : undefined)),
  s: z
    .string()
    .max(16)
    .optional()
    .transform((s) => (s?.trim() ? s : undefined))
    .pipe(symbolSchema.optional()),
  p_ts: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

/** Newest first; `reachedEnd` when nothing older is left for this query. */
export const chatMessagesAnswerSchema = z.object({
  messages: z.array(chatMessageSchema),
  reachedEnd: z.boolean(),
});
export type ChatMessagesAnswer = z.infer<typeof chatMessagesAnswerSchema>;

/**
 * Socket events. Client → server each answer one ack (core socketProtocol.ts): `chat_send`'s
 * carries the new message's `id`. Server → client is the `chat` event,
 * whose arguments are one or more ChatEvents in order: a room's events of one server turn share a
 * frame, so a busy room costs each reader one write per turn rather than one per event.
 */
export const CHAT_EVENTS = {
  subscribe: 'chat_subscribe',
  unsubscribe: 'chat_unsubscribe',
  send: 'chat_send',
  vote: 'chat_vote',
  typing: 'chat_typing',
  /** Mods and admins. */
  delete: 'chat_delete',
  ban: 'chat_ban',
  slowMode: 'chat_slow_mode',
  /** Server → client. */
  update: 'chat',
} as const;

const v = z.literal(PROTOCOL_VERSION);

/** Join one channel's room (several may be joined: the widget and a pop-out share a socket). */
export const chatSubscribeSchema = z.object({ v, channel: chatChannelIdSchema });
/** Leave one channel, or every chat room when no channel is named. */
export const chatUnsubscribeSchema = z.object({ v, channel: chatChannelIdSchema.optional() });
/**
 * The sender's own id for one post (a UUID the web makes per message): a send retried after a
 * lost ack is stored once, and the retry's ack names the stored message.
 */
export const chatClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/**
 * Post plain text; the server trims, renders and sanitizes it. replyMsg: the id replied to.
 * clientId: optional, so a tab loaded before it existed still posts (the web always sends one).
 */
export const chatSendSchema = z.object({
  v,
  channel: chatChannelIdSchema,
  msg: z.string().max(CHAT_MESSAGE_RAW_MAX),
  replyMsg: chatMessageIdSchema.nullable().optional(),
  clientId: chatClientIdSchema.optional(),
});
export type ChatSend = z.infer<typeof chatSendSchema>;
/** 1 up, -1 down, 0 takes one's vote back. */
export const chatVoteSchema = z.object({ v, id: chatMessageIdSchema, value: chatVoteValueSchema });
export const chatTypingSchema = z.object({ v, channel: chatChannelIdSchema });
export const chatDeleteSchema = z.object({ v, id: chatMessageIdSchema });
/** minutes 0 lifts the user's ban. */
export const chatBanSchema = z.object({
  v,
  user_id: z.string().uuid(),
  minutes: z.number().int().min(0).max(CHAT_BAN_MAX_MINUTES),
  reason: z.string().trim().max(CHAT_BAN_REASON_MAX).default(''),
});
export const chatSlowModeSchema = z.object({
  v,
  channel: chatChannelIdSchema,
  seconds: z.number().int().min(0).max(CHAT_SLOW_MODE_MAX_S),
});

const typingUser = z.object({ id: z.string(), name: z.string() });

/**
 * Socket `chat` (server → client), by `type`:
 * - message: a new message in a joined channel (me_vote 0);
 * - vote: a message's new sum; `user_id`/`value` say whose vote changed (the voter sets me_vote);
 * - typing: someone else is typing in a joined channel;
 * - ban: to the banned user's sockets (`user:<id>`), starts or clears the countdown;
 * - delete: a mod removed a message;
 * - slow_mode: a channel's interval changed;
 * - mention: to the mentioned user's sockets, for an in-app toast (chat notification on).
 * A refused call hears its refusal in its own ack (core socketProtocol.ts), never here.
 */
export const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ v, type: z.literal('message'), message: chatMessageSchema }),
  z.object({
    v,
    type: z.literal('vote'),
    channel_id: z.string(),
    id: z.number().int(),
    vote: z.number().int(),
    user_id: z.string(),
    value: chatVoteValueSchema,
  }),
  z.object({ v, type: z.literal('typing'), channel_id: z.string(), user: typingUser }),
  z.object({ v, type: z.literal('ban'), ban_exp_at: z.number().nullable(), reason: z.string() }),
  z.object({ v, type: z.literal('delete'), channel_id: z.string(), id: z.number().int() }),
  z.object({ v, type: z.literal('slow_mode'), channel_id: z.string(), seconds: z.number().int() }),
  z.object({
    v,
    type: z.literal('mention'),
    channel_id: z.string(),
    id: z.number().int(),
    from: z.string(),
    message: z.string(),
  }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;
export type ChatEventOf<T extends ChatEvent['type']> = Extract<ChatEvent, { type: T }>;

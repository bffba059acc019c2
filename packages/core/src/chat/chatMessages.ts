import { PRODUCT_SHORT_NAME } from '../alerts/alertMessages.ts';
// Chat limits and every user-facing chat message (discovery spec §4, §5, §8, §9; docs/chat.md).

/** The longest message, in code points after trimming (spec: not shown; ours). */
export const CHAT_MESSAGE_MAX = 2000;
/** Raw input accepted by the socket schema before trimming; longer is refused as too long. */
export const CHAT_MESSAGE_RAW_MAX = 8000;
/** Typing notices: at most one a second per user, on both sides (§5, §9). */
export const CHAT_TYPING_MS = 1000;
/** Messages under 10 minutes old show relative time (§4, §9). */
export const CHAT_RELATIVE_TIME_MS = 10 * 60_000;
/** Auto-scroll only within this many pixels of the bottom (§4, §9). */
export const CHAT_AUTOSCROLL_PX = 120;
/** The pop-out's default size (§9). */
export const CHAT_POPOUT_SIZE = { width: 400, height: 600 } as const;
/** Search input debounce on Android (§5, §9). */
export const CHAT_SEARCH_DEBOUNCE_MS = 800;
/** Messages in one page of GET /api/chat/{channel}/messages (ours; docs/chat.md). */
export const CHAT_PAGE_SIZE = 50;
/** A channel's slow mode, in seconds between one user's posts: 0 (off) to 1 hour. */
export const CHAT_SLOW_MODE_MAX_S = 3600;
/** Per-user post rate: at most this many messages in the window, every channel together. */
export const CHAT_POST_BURST = 5;
export const CHAT_POST_WINDOW_MS = 10_000;
/** Flood protection: the same text again from the same user within this window is refused. */
export const CHAT_REPEAT_WINDOW_MS = 60_000;
/** Votes: at most this many in the window per user. */
export const CHAT_VOTE_BURST = 30;
export const CHAT_VOTE_WINDOW_MS = 10_000;
/** Bans last 1 minute to 1 year; a mod's 0 lifts a ban. */
export const CHAT_BAN_MAX_MINUTES = 525_600;
export const CHAT_BAN_REASON_MAX = 200;
/** The durations the moderation menu offers, in minutes (10 min, 1 h, 1 day, 7 days, 30 days). */
export const CHAT_BAN_PRESETS_MIN = [10, 60, 1440, 10_080, 43_200] as const;

/** Why the server refused a chat call: `code` of a `chat` error event and of a refused ack. */
export const CHAT_ERROR_CODES = [
  'protocol_version',
  'bad_request',
  'not_subscribed',
  'unknown_channel',
  'not_joined',
  'chat_disabled',
  'banned',
  'slow_mode',
  'rate_limited',
  'repeated',
  'empty',
  'too_long',
  'reply_missing',
  'unknown_message',
  'unknown_user',
  'own_message',
  'forbidden',
  'cannot_ban',
  'failed',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

/** Spec §8, word for word, then ours for every refusal (one sentence, shown as a toast). */
export const chatMessages = {
  channelsFailed: 'Failed to fetch chat channels!',
  messagesFailed: 'Failed to fetch messages!',
  profileFailed: 'Failed to fetch profile!',
  userListFailed: 'Failed to fetch user list!',
  stockNamesFailed: 'Failed to fetch stock names!',
  usernamesFailed: 'Failed to fetch usernames!',
  searchHint: '@ or Symbol',
  today: 'Today',
  errors: {
    protocol_version: 'This page is out of date. Reload it to keep chatting.',
    bad_request: 'That chat request was not understood.',
    not_subscribed: 'Chat is for subscribers.',
    unknown_channel: 'That channel does not exist.',
    not_joined: 'Open the channel before typing in it.',
    chat_disabled: 'Your chat is disabled: you can read but not post.',
    banned: 'You are banned from chat for now.',
    slow_mode: 'Slow mode is on: wait before posting again.',
    rate_limited: 'You are sending too fast. Wait a few seconds.',
    repeated: 'You just sent that message.',
    empty: 'Type a message first.',
    too_long: `Messages are limited to ${CHAT_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
    reply_missing: 'The message you replied to is gone.',
    unknown_message: 'That message is gone.',
    unknown_user: 'That user does not exist.',
    own_message: 'You cannot vote on your own message.',
    forbidden: 'Only moderators can do that.',
    cannot_ban: 'Moderators cannot be banned by moderators, and nobody bans themselves.',
    failed: 'Something went wrong. Try again.',
  } satisfies Record<ChatErrorCode, string>,
  /** The toast a mention raises for the mentioned user. */
  mentioned: (name: string, channel: string) => `${name} mentioned you in #${channel}`,
  /** The title of a mention's web push (its body is `mentioned` and an excerpt). */
  pushTitle: `${PRODUCT_SHORT_NAME} chat`,
  /** The composer while banned: "Banned: 4:59". */
  banCountdown: (clock: string) => `Banned: ${clock}`,
  slowModeCountdown: (seconds: number) => `Slow mode: ${seconds}s`,
} as const;

/** The message of a refusal code. */
export function chatErrorMessage(code: ChatErrorCode): string {
  return chatMessages.errors[code];
}

import { PRODUCT_SHORT_NAME } from '../alerts/alertMessages.ts';
// Chat limits and every user-facing chat message (discovery spec §4, §5, §8, §9; docs/chat.md).

/** The longest message, in code points after trimming (spec: not shown; ours). */
export const CHAT_MESSAGE_MAX = 2000;
/**
 * The most lines a message keeps (ours; issue 28): lines past the 20th are joined onto it with
 * spaces, and runs of blank lines fold to one, so a paste of 2,000 newlines cannot bury a
 * channel. Collapsed rather than refused: nothing the trader wrote is lost, and no new refusal.
 */
export const CHAT_MESSAGE_MAX_LINES = 20;
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

/** Spec §8, word for word. Refusals of chat calls: core `SOCKET_REFUSALS` (api/socketRefusals.ts). */
export const chatMessages = {
  channelsFailed: 'Failed to fetch chat channels!',
  messagesFailed: 'Failed to fetch messages!',
  profileFailed: 'Failed to fetch profile!',
  userListFailed: 'Failed to fetch user list!',
  stockNamesFailed: 'Failed to fetch stock names!',
  usernamesFailed: 'Failed to fetch usernames!',
  searchHint: '@ or Symbol',
  today: 'Today',
  /** The toast a mention raises for the mentioned user. */
  mentioned: (name: string, channel: string) => `${name} mentioned you in #${channel}`,
  /** The title of a mention's web push (its body is `mentioned` and an excerpt). */
  pushTitle: `${PRODUCT_SHORT_NAME} chat`,
  /** The composer while banned: "Banned: 4:59". */
  banCountdown: (clock: string) => `Banned: ${clock}`,
  slowModeCountdown: (seconds: number) => `Slow mode: ${seconds}s`,
} as const;

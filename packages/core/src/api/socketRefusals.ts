import { z } from 'zod';
import { CHAT_MESSAGE_MAX } from '../chat/chatMessages.ts';
import { serverMessages } from '../messages.ts';

/**
 * Every reason a socket call can be refused, with the one sentence a user may be shown (a toast).
 * One list for every module (docs/decisions.md, "One way for real-time"): the guards' codes are
 * the HTTP guards' own (`subscription_required`, `upgrade_required`, `forbidden`,
 * `email_unverified`), the chat's and the catch-up's are theirs.
 */
export const SOCKET_REFUSALS = {
  // The envelope and the shape (platform/realtime/socketRoute.ts).
  protocol_version: 'This page is out of date. Reload it to keep going.',
  bad_request: 'That request was not understood.',
  // Cheap refusals before any work: the per-socket and per-user token buckets, a route's own limit.
  rate_limited: 'You are sending too fast. Wait a few seconds.',
  /** The handshake's (a `connect_error`): this user already holds the most sockets a node allows. */
  too_many_sockets: 'Too many tabs are open. Close one, then reload this page.',
  // The guards, as for HTTP routes.
  unauthorized: 'Your session has expired. Please log in again.',
  email_unverified: serverMessages.unverified,
  subscription_required: serverMessages.subscriptionRequired,
  upgrade_required: serverMessages.upgradeRequired,
  forbidden: serverMessages.forbidden,
  chat_disabled: 'Your chat is disabled: you can read but not post.',
  banned: 'You are banned from chat for now.',
  // Chat (docs/chat.md).
  unknown_channel: 'That channel does not exist.',
  not_joined: 'Open the channel before typing in it.',
  slow_mode: 'Slow mode is on: wait before posting again.',
  repeated: 'You just sent that message.',
  empty: 'Type a message first.',
  too_long: `Messages are limited to ${CHAT_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  reply_missing: 'The message you replied to is gone.',
  unknown_message: 'That message is gone.',
  unknown_user: 'That user does not exist.',
  own_message: 'You cannot vote on your own message.',
  cannot_ban: 'Moderators cannot be banned by moderators, and nobody bans themselves.',
  // Stream catch-up (docs/continuity.md §2): the client refills its views from stream_bk.
  gap: 'The missed batches are no longer kept.',
  epoch: 'The market engine restarted.',
  // A node that lost Redis (docs/continuity.md): chat posts wait until it is back, within seconds.
  unavailable: 'Chat is reconnecting. Try again in a few seconds.',
  // Anything unexpected (logged on the server).
  failed: 'Something went wrong. Try again.',
} as const;

export type SocketRefusalCode = keyof typeof SOCKET_REFUSALS;
export const SOCKET_REFUSAL_CODES = Object.keys(SOCKET_REFUSALS) as [
  SocketRefusalCode,
  ...SocketRefusalCode[],
];
export const socketRefusalCodeSchema = z.enum(SOCKET_REFUSAL_CODES);

/** The sentence shown for a refusal code. */
export function refusalMessage(code: SocketRefusalCode): string {
  return SOCKET_REFUSALS[code];
}

/**
 * The refusal half of every ack. `retry_at` (ms since the epoch) when waiting helps: a rate
 * limit, slow mode.
 */
export const socketRefusalSchema = z.object({
  ok: z.literal(false),
  error: socketRefusalCodeSchema,
  message: z.string(),
  retry_at: z.number().optional(),
});
export type SocketRefusal = z.infer<typeof socketRefusalSchema>;

/** A refusal as the server sends it: the code's own message. */
export function socketRefusal(code: SocketRefusalCode, retryAt?: number | null): SocketRefusal {
  return retryAt == null
    ? { ok: false, error: code, message: refusalMessage(code) }
    : { ok: false, error: code, message: refusalMessage(code), retry_at: retryAt };
}

import {
  ALERT_EVENTS,
  CHAT_EVENTS,
  DISCOVERY_LIVE_EVENTS,
  NEWS_EVENTS,
  QUOTE_EVENTS,
  STREAM_EVENTS,
} from '@tapeline/core';

// Every socket event × every persona → what its ack must say, as matrixRoutes.ts does for HTTP.
// A declared event (`socketRoute`) without a row fails authorizationMatrix.test.ts.

/**
 * One persona's expected outcome: `ok` (served), a refusal code, one of several (an answer that
 * depends on what the node holds), or `no_socket` (the handshake refuses an anonymous caller).
 */
export type SocketOutcome = string | readonly string[];
type Row = [
  SocketOutcome,
  SocketOutcome,
  SocketOutcome,
  SocketOutcome,
  SocketOutcome,
  SocketOutcome,
  SocketOutcome,
  SocketOutcome,
  SocketOutcome,
];

export interface MatrixSocketEvent {
  event: string;
  /** The body sent, `v` added. */
  body: Record<string, unknown>;
  /** Per persona, in PERSONAS order. */
  expect: Row;
}

export const NO_SOCKET = 'no_socket';
const N = NO_SOCKET;
const SUB = 'subscription_required';
const UP = 'upgrade_required';
const NO = 'forbidden';

// Columns: anonymous, unverified, verified (no subscription), standard, pro, pro_old, proplus, mod, admin.
const connected = (s: SocketOutcome): Row => [N, s, s, s, s, s, s, s, s];
const subscriber = (s: SocketOutcome): Row => [N, SUB, SUB, s, s, s, s, SUB, SUB];
const pro = (s: SocketOutcome): Row => [N, SUB, SUB, UP, s, s, s, SUB, SUB];
const mod = (s: SocketOutcome): Row => [N, NO, NO, NO, NO, NO, NO, s, s];

/** The refusals only a guard gives: a persona a guard lets through must never get one. */
export const GUARD_REFUSALS: ReadonlySet<string> = new Set([
  'unauthorized',
  'email_unverified',
  SUB,
  UP,
  NO,
  NO_SOCKET,
]);

type Denied = string | null;
type Denials = [Denied, Denied, Denied, Denied, Denied, Denied, Denied, Denied, Denied];
const _ = null;

/** What each socket guard refuses each persona, in PERSONAS order (null: let through). */
export const SOCKET_GUARD_DENIALS: Record<string, Denials> = {
  connected: [N, _, _, _, _, _, _, _, _],
  user: [N, _, _, _, _, _, _, _, _],
  subscriber: [N, SUB, SUB, _, _, _, _, SUB, SUB],
  'chat:writer': [N, SUB, SUB, _, _, _, _, SUB, SUB],
  'tier:pro': [N, SUB, SUB, UP, _, _, _, SUB, SUB],
  'role:mod': [N, NO, NO, NO, NO, NO, NO, _, _],
};

const NOWHERE = 999_999_999;

export const SOCKET_MATRIX: MatrixSocketEvent[] = [
  // The stream (a subscriber's); catch-up answers what this node kept: frames, gap or epoch.
  { event: STREAM_EVENTS.subscribe, body: {}, expect: subscriber('ok') },
  { event: STREAM_EVENTS.channelSubscribe, body: { channel: 'stream' }, expect: subscriber('ok') },
  { event: STREAM_EVENTS.channelUnsubscribe, body: { channel: 'stream' }, expect: connected('ok') },
  {
    event: STREAM_EVENTS.resume,
    body: { ep: 1, since: 0 },
    expect: subscriber(['ok', 'gap', 'epoch']),
  },
  // A signed-in socket's own missed alerts.
  { event: ALERT_EVENTS.resume, body: { since: 0 }, expect: connected('ok') },
  // Live quotes and pushed news: subscribers (docs/quotes-news.md).
  { event: QUOTE_EVENTS.subscribe, body: {}, expect: subscriber('ok') },
  { event: QUOTE_EVENTS.unsubscribe, body: {}, expect: connected('ok') },
  { event: NEWS_EVENTS.subscribe, body: {}, expect: subscriber('ok') },
  { event: NEWS_EVENTS.unsubscribe, body: {}, expect: connected('ok') },
  // Discovery's live patches: Pro (current or old) and Pro Plus (core discoveryAccess).
  { event: DISCOVERY_LIVE_EVENTS.subscribe, body: { tf: '1d' }, expect: pro('ok') },
  { event: DISCOVERY_LIVE_EVENTS.unsubscribe, body: {}, expect: connected('ok') },
  // Chat (docs/chat.md): subscribers join, post, vote and type; mods and admins moderate. A
  // channel, message or user that does not exist: past the guard, refused as unknown.
  { event: CHAT_EVENTS.subscribe, body: { channel: 'offtopic' }, expect: subscriber('ok') },
  { event: CHAT_EVENTS.unsubscribe, body: {}, expect: connected('ok') },
  { event: CHAT_EVENTS.send, body: { channel: 'nope', msg: 'x' }, expect: subscriber('unknown_channel') },
  { event: CHAT_EVENTS.vote, body: { id: NOWHERE, value: 1 }, expect: subscriber('unknown_message') },
  { event: CHAT_EVENTS.typing, body: { channel: 'general' }, expect: subscriber('not_joined') },
  { event: CHAT_EVENTS.delete, body: { id: NOWHERE }, expect: mod('unknown_message') },
  {
    event: CHAT_EVENTS.ban,
    body: { user_id: '00000000-0000-4000-8000-000000000000', minutes: 1 },
    expect: mod('unknown_user'),
  },
  { event: CHAT_EVENTS.slowMode, body: { channel: 'nope', seconds: 1 }, expect: mod('unknown_channel') },
];

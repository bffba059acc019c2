import type { WsV1ClientMessage } from '@tapeline/core';

// Every action of the bots' WebSocket (/ws/v1, core wsV1ClientMessageSchema) × every persona →
// the first answer, as matrixRoutes.ts does for HTTP. Each persona holds a key with every scope
// (authorizationMatrix.test.ts); the visitor has none, so its socket is closed 4001 at `auth`
// and it has no socket for the rest. An action without a row fails the coverage check.

type Outcome = string;
type Row = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

export interface MatrixWsAction {
  message: WsV1ClientMessage | { action: 'auth'; key: '{key}' };
  expect: Row;
}

export const WS_NO_SOCKET = 'no_socket';
const N = WS_NO_SOCKET;
const SUB = 'error:subscription_required';
/** Columns: anonymous, unverified, verified, standard, pro, pro_old, proplus, mod, admin. */
const subscribers = (ok: Outcome, other = SUB): Row => [N, other, other, ok, ok, ok, ok, other, other];
const everyone = (ok: Outcome): Row => [N, ok, ok, ok, ok, ok, ok, ok, ok];

/** In order, on one socket per persona: `auth` first, `resume` while subscribed, then `unsubscribe`. */
export const WS_MATRIX: MatrixWsAction[] = [
  {
    message: { action: 'auth', key: '{key}' },
    expect: ['closed:4001', ...everyone('authenticated').slice(1)] as Row,
  },
  { message: { action: 'subscribe', streams: ['highs'] }, expect: subscribers('subscribed') },
  { message: { action: 'subscribe', streams: ['lows'] }, expect: subscribers('subscribed') },
  { message: { action: 'subscribe', streams: ['halts'] }, expect: subscribers('subscribed') },
  { message: { action: 'subscribe', streams: ['alerts'] }, expect: subscribers('subscribed') },
  { message: { action: 'subscribe', streams: ['quotes:AAPL'] }, expect: subscribers('subscribed') },
  // Nothing kept for engine run 1: a subscriber is told to refill; others never subscribed.
  {
    message: { action: 'resume', stream: 'highs', ep: 1, seq: 0 },
    expect: subscribers('error:gap|error:epoch', 'error:not_subscribed'),
  },
  { message: { action: 'unsubscribe', streams: ['highs'] }, expect: everyone('unsubscribed') },
  { message: { action: 'ping' }, expect: everyone('pong') },
];

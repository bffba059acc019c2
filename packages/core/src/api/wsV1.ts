import { z } from 'zod';
import { symbolSchema } from '../rules/symbol.ts';
import { firedAlertSchema } from './alerts.ts';
import { apiKeyScopeSchema } from './apiKeys.ts';
import { v1StreamEntrySchema } from './v1.ts';

// The bots' WebSocket at /ws/v1 (docs/api.md, AsyncAPI at /api/v1/asyncapi.json): JSON text
// frames both ways. Authenticate with `Authorization: Bearer tl_live_…` on the upgrade, or with
// `{"action":"auth","key":…}` as the first message within WS_V1_AUTH_MS; never in the URL.

/** Streams of the market's engine batches: each has its own `seq` (the batch's), resumable. */
export const WS_V1_MARKET_STREAMS = ['highs', 'lows', 'halts'] as const;
export type WsV1MarketStream = (typeof WS_V1_MARKET_STREAMS)[number];

/** `highs`, `lows`, `halts`, `alerts` or `quotes:SYM` (a listed symbol). */
export const wsV1StreamSchema = z.union([
  z.enum([...WS_V1_MARKET_STREAMS, 'alerts']),
  z
    .string()
    .regex(/^quotes:/)
    .transform((s) => s.slice('quotes:'.length))
    .pipe(symbolSchema)
    .transform((symbol) => `quotes:${symbol}` as const),
]);
export type WsV1Stream = WsV1MarketStream | 'alerts' | `quotes:${string}`;

/** Quote streams one connection may hold at once. */
export const WS_V1_QUOTES_MAX = 50;
export const WS_V1_AUTH_MS = 5_000;
export const WS_V1_HEARTBEAT_MS = 15_000;
/** A consumer this far behind (unsent bytes older than this) is told and dropped. */
export const WS_V1_MAX_LAG_MS = 10_000;
/** Unsent bytes a connection may hold before it is dropped at once, whatever its lag. */
export const WS_V1_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Bot connections one user may hold on a node: the next one is closed 4029. */
export const WS_V1_CONNECTIONS_PER_USER = 10;
/** Messages a connection may send per second (a burst of 20). */
export const WS_V1_MESSAGE_RATE = { burst: 20, perSecond: 5 } as const;

/** Close codes (4000–4999 are the application's): what a bot's reconnect logic reads. */
export const WS_V1_CLOSE = {
  /** No key, a wrong or revoked key, or no auth message in time: do not retry with the same key. */
  authFailed: 4001,
  /** The key or its user lost access while connected (revoked, unsubscribed, banned). */
  revoked: 4003,
  /** Too many messages: reconnect after a pause. */
  rate: 4008,
  /** The consumer fell more than WS_V1_MAX_LAG_MS behind: read faster, then resume. */
  slowConsumer: 4009,
  /** The user already holds WS_V1_CONNECTIONS_PER_USER connections on this node. */
  tooManyConnections: 4029,
  /** A frame that is not JSON text of the protocol. */
  badMessage: 4000,
  /** The server is stopping: reconnect and resume. */
  goingAway: 1001,
} as const;

export const wsV1ClientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('auth'), key: z.string().max(200) }),
  z.object({ action: z.literal('subscribe'), streams: z.array(wsV1StreamSchema).min(1).max(64) }),
  z.object({ action: z.literal('unsubscribe'), streams: z.array(wsV1StreamSchema).min(1).max(64) }),
  /** Replays what a market stream sent after `seq` of engine run `ep`, then goes on live. */
  z.object({
    action: z.literal('resume'),
    stream: z.enum(WS_V1_MARKET_STREAMS),
    ep: z.number(),
    seq: z.number().int().min(0),
  }),
  z.object({ action: z.literal('ping') }),
]);
export type WsV1ClientMessage = z.infer<typeof wsV1ClientMessageSchema>;

export const WS_V1_ERRORS = {
  badMessage: 'bad_message',
  scopeMissing: 'scope_missing',
  subscriptionRequired: 'subscription_required',
  notSubscribed: 'not_subscribed',
  gap: 'gap',
  epoch: 'epoch',
  tooManyQuotes: 'too_many_quotes',
  authFirst: 'auth_required',
} as const;

export const wsV1ServerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('authenticated'),
    user_id: z.string(),
    scopes: z.array(apiKeyScopeSchema),
    heartbeat_ms: z.number().int(),
  }),
  z.object({ type: z.literal('subscribed'), streams: z.array(z.string()) }),
  z.object({ type: z.literal('unsubscribed'), streams: z.array(z.string()) }),
  /** One engine batch's entries of a market stream; `seq` rises by one per batch of epoch `ep`. */
  z.object({
    type: z.literal('data'),
    stream: z.enum(WS_V1_MARKET_STREAMS),
    ep: z.number(),
    seq: z.number().int(),
    entries: z.array(v1StreamEntrySchema),
  }),
  /** A fired alert (the browser's alert frame); `seq` is its outbox id, rising per user. */
  z.object({
    type: z.literal('alert'),
    stream: z.literal('alerts'),
    seq: z.number().int(),
    alert: firedAlertSchema,
  }),
  /** A quote tick of a subscribed symbol; `seq` counts this connection's ticks of that stream. */
  z.object({
    type: z.literal('quote'),
    stream: z.string(),
    seq: z.number().int(),
    quote: z.object({
      symbol: z.string(),
      price: z.number(),
      percent: z.number().nullable(),
      dollar_dist: z.number().nullable(),
      high: z.number().nullable(),
      low: z.number().nullable(),
    }),
  }),
  z.object({ type: z.literal('resumed'), stream: z.enum(WS_V1_MARKET_STREAMS), batches: z.number().int() }),
  z.object({ type: z.literal('heartbeat'), ts: z.number() }),
  z.object({ type: z.literal('pong'), ts: z.number() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type WsV1ServerMessage = z.infer<typeof wsV1ServerMessageSchema>;

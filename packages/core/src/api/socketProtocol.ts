import { z } from 'zod';
import {
  ALERT_EVENTS,
  alertsResumeAnswerSchema,
  alertsResumeRequestSchema,
  firedAlertSchema,
} from './alerts.ts';
import {
  CHAT_EVENTS,
  chatBanSchema,
  chatDeleteSchema,
  chatEventSchema,
  chatMessageIdSchema,
  chatSendSchema,
  chatSlowModeSchema,
  chatSubscribeSchema,
  chatTypingSchema,
  chatUnsubscribeSchema,
  chatVoteSchema,
} from './chat.ts';
import {
  DISCOVERY_LIVE_EVENTS,
  discoveryEndedSchema,
  discoveryPatchSchema,
  discoverySubscribeSchema,
} from './discoveryLive.ts';
import {
  channelRequestSchema,
  STREAM_EVENTS,
  streamResumeAnswerSchema,
  streamResumeRequestSchema,
  streamSubscribeSchema,
} from './market.ts';
import { MARKET_STATUS_EVENT, marketStatusFrameSchema } from './marketStatus.ts';
import { NEWS_EVENTS, newsFrameSchema, newsSubscribeSchema } from './news.ts';
import { PROTOCOL_VERSION } from './protocol.ts';
import { QUOTE_EVENTS, quotesFrameSchema, quotesSubscribeSchema } from './quotes.ts';
import { socketRefusalSchema } from './socketRefusals.ts';

// The socket protocol (tldraw's sync-core protocol.ts is the model): every message the browser
// sends, every message the server sends, and the one ack every call answers, versioned by
// PROTOCOL_VERSION. The server declares each client event with its schema from here
// (`socketRoute`, platform/realtime); the web's one socket speaks it through `request(event, body)`.

/** A call that needs nothing but the version (leaving a room). */
export const versionOnlySchema = z.object({ v: z.literal(PROTOCOL_VERSION) });

const nothing = z.object({});

/**
 * Client → server: each event, the body it carries and what its ack holds when served. Every
 * body names `v`; the ack is `{ok: true, …answer}` or a refusal (socketRefusals.ts).
 */
export const CLIENT_MESSAGES = {
  [STREAM_EVENTS.subscribe]: { body: streamSubscribeSchema, answer: nothing },
  [STREAM_EVENTS.channelSubscribe]: { body: channelRequestSchema, answer: nothing },
  [STREAM_EVENTS.channelUnsubscribe]: { body: channelRequestSchema, answer: nothing },
  [STREAM_EVENTS.resume]: { body: streamResumeRequestSchema, answer: streamResumeAnswerSchema },
  [ALERT_EVENTS.resume]: { body: alertsResumeRequestSchema, answer: alertsResumeAnswerSchema },
  [QUOTE_EVENTS.subscribe]: { body: quotesSubscribeSchema, answer: nothing },
  [QUOTE_EVENTS.unsubscribe]: { body: versionOnlySchema, answer: nothing },
  [NEWS_EVENTS.subscribe]: { body: newsSubscribeSchema, answer: nothing },
  [NEWS_EVENTS.unsubscribe]: { body: versionOnlySchema, answer: nothing },
  [DISCOVERY_LIVE_EVENTS.subscribe]: { body: discoverySubscribeSchema, answer: nothing },
  [DISCOVERY_LIVE_EVENTS.unsubscribe]: { body: versionOnlySchema, answer: nothing },
  [CHAT_EVENTS.subscribe]: { body: chatSubscribeSchema, answer: nothing },
  [CHAT_EVENTS.unsubscribe]: { body: chatUnsubscribeSchema, answer: nothing },
  [CHAT_EVENTS.send]: { body: chatSendSchema, answer: z.object({ id: chatMessageIdSchema }) },
  [CHAT_EVENTS.vote]: { body: chatVoteSchema, answer: nothing },
  [CHAT_EVENTS.typing]: { body: chatTypingSchema, answer: nothing },
  [CHAT_EVENTS.delete]: { body: chatDeleteSchema, answer: nothing },
  [CHAT_EVENTS.ban]: { body: chatBanSchema, answer: nothing },
  [CHAT_EVENTS.slowMode]: { body: chatSlowModeSchema, answer: nothing },
} as const;

export type ClientEvent = keyof typeof CLIENT_MESSAGES;
export const CLIENT_EVENTS = Object.keys(CLIENT_MESSAGES) as ClientEvent[];
/** What the client sends for `E` (before the server's parse: defaults not yet filled). */
export type ClientBody<E extends ClientEvent> = z.input<(typeof CLIENT_MESSAGES)[E]['body']>;
/** What the server's handler reads for `E`, parsed. */
export type ClientBodyParsed<E extends ClientEvent> = z.output<(typeof CLIENT_MESSAGES)[E]['body']>;
export type ClientAnswer<E extends ClientEvent> = z.infer<(typeof CLIENT_MESSAGES)[E]['answer']>;

/** Client → server as one discriminated union (by `event`), as tldraw's TLSocketClientSentEvent. */
export type ClientMessage = { [E in ClientEvent]: { event: E; body: ClientBody<E> } }[ClientEvent];

/** The one ack shape: served, with the event's answer, or refused. */
export type SocketAck<A = Record<never, never>> = ({ ok: true } & A) | z.infer<typeof socketRefusalSchema>;

/** The ack schema of one event: its answer with `ok: true`, or a refusal. */
export function socketAckSchema<E extends ClientEvent>(event: E) {
  const answer = CLIENT_MESSAGES[event].answer as z.ZodObject;
  return z.discriminatedUnion('ok', [
    answer.extend({ ok: z.literal(true) }),
    socketRefusalSchema,
  ]) as z.ZodType<SocketAck<ClientAnswer<E>>>;
}

export const streamResumeAckSchema = socketAckSchema(STREAM_EVENTS.resume);
export type StreamResumeAck = SocketAck<ClientAnswer<typeof STREAM_EVENTS.resume>>;
export const alertsResumeAckSchema = socketAckSchema(ALERT_EVENTS.resume);
export type AlertsResumeAck = SocketAck<ClientAnswer<typeof ALERT_EVENTS.resume>>;

/**
 * Server → client: each event and its payload. `compressedUpdate` is the stream's binary frame
 * (raw-deflated JSON of core streamBatchSchema, read by the web's decoder), not JSON.
 */
export const SERVER_MESSAGES = {
  [STREAM_EVENTS.update]: z.union([z.instanceof(ArrayBuffer), z.instanceof(Uint8Array)]),
  /** The feed's label and health and the market's clock, every MARKET_STATUS_EVERY_MS. */
  [MARKET_STATUS_EVENT]: marketStatusFrameSchema,
  [ALERT_EVENTS.alert]: firedAlertSchema,
  [ALERT_EVENTS.filtered]: firedAlertSchema,
  [QUOTE_EVENTS.update]: quotesFrameSchema,
  [NEWS_EVENTS.update]: newsFrameSchema,
  [DISCOVERY_LIVE_EVENTS.patch]: discoveryPatchSchema,
  [DISCOVERY_LIVE_EVENTS.ended]: discoveryEndedSchema,
  /** One frame may carry several chat events (a room's events of one server turn). */
  [CHAT_EVENTS.update]: chatEventSchema,
} as const;

export type ServerEvent = keyof typeof SERVER_MESSAGES;
export type ServerPayload<E extends ServerEvent> = z.infer<(typeof SERVER_MESSAGES)[E]>;
/** Server → client as one discriminated union (by `event`). */
export type ServerMessage = { [E in ServerEvent]: { event: E; payload: ServerPayload<E> } }[ServerEvent];

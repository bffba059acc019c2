import { z } from 'zod';
import { PROTOCOL_VERSION } from './protocol.ts';

/** Discovery timeframes as the engine names them. */
export const TIMEFRAME_IDS = ['15min', '30min', '1hr', '2hr', '4hr', '1day', '1wk', '1mo'] as const;
export type TimeframeId = (typeof TIMEFRAME_IDS)[number];

/** The short names the dashboard sends (dashboard spec §7), mapped to the engine's. */
const SHORT_NAMES: Record<string, TimeframeId> = {
  '15m': '15min',
  '30m': '30min',
  '1h': '1hr',
  '2h': '2hr',
  '4h': '4hr',
  '1d': '1day',
  '1w': '1wk',
};

export const timeframeSchema = z
  .string()
  .transform((value) => SHORT_NAMES[value] ?? value)
  .pipe(z.enum(TIMEFRAME_IDS));

export const discoveryQuerySchema = z.object({ tf: timeframeSchema.default('1day') });

/** Socket events of the live stream (client → server; server → client). */
export const STREAM_EVENTS = {
  subscribe: 'stream_subscribe',
  channelSubscribe: 'subscribe',
  channelUnsubscribe: 'unsubscribe',
  update: 'compressedUpdate',
  /** Client → server with an ack: the batches missed while disconnected (docs/continuity.md §2). */
  resume: 'stream_resume',
} as const;

/**
 * `stream_resume`: the client's epoch and the last `seq` it holds of it (0: none yet). Sent
 * after `stream_subscribe` on a reconnect, and when a hole appears in the sequence.
 */
export const streamResumeRequestSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  ep: z.number(),
  since: z.number().int().min(0),
});
export type StreamResumeRequest = z.infer<typeof streamResumeRequestSchema>;

/**
 * Why a resume cannot be served; the client then refills its views from `GET /data/stream_bk`.
 * - `gap`: `since` is older than the oldest batch the server keeps.
 * - `epoch`: the engine restarted (another `ep`), so the old numbers mean nothing now.
 * - `refused`: any other refusal of the call (its `error`: a bad shape, another protocol
 *   version, no subscription, too fast); nothing is sent.
 */
export const STREAM_RESUME_FAILURES = ['gap', 'epoch', 'refused'] as const;
export type StreamResumeFailure = (typeof STREAM_RESUME_FAILURES)[number];

/** A frame as socket.io hands binary over: ArrayBuffer in a browser, Buffer (a Uint8Array) in Node. */
const frameSchema = z.union([
  z.instanceof(ArrayBuffer),
  z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array),
]);

/**
 * What a `stream_resume` ack carries when it is served (core socketProtocol.ts wraps it in the
 * one ack shape). `batches`: the exact deflated frames (as `compressedUpdate` sends them)
 * published after `since`, oldest first; empty when nothing was missed.
 */
export const streamResumeAnswerSchema = z.object({ batches: z.array(frameSchema) });

/** `stream_subscribe {v}`: join the stream room (subscribers). */
export const streamSubscribeSchema = z.object({ v: z.literal(PROTOCOL_VERSION) });

/** `subscribe` / `unsubscribe {v, channel}`: the spec's per-channel calls; `stream` is the one channel. */
export const channelRequestSchema = z.object({ v: z.literal(PROTOCOL_VERSION), channel: z.enum(['stream']) });
export const STREAM_BACKLOG_MAX = 1000;

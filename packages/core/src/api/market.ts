import { z } from 'zod';

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

/** One live stream entry: [symbol, last, count, active, flag, volume, exchange, float, news time, atr, gap]. */
export const streamEntrySchema = z.tuple([
  z.string(),
  z.number(),
  z.number(),
  z.union([z.literal(0), z.literal(1)]),
  z.union([z.number(), z.string()]),
  z.number(),
  z.string(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().nullable(),
]);
export type StreamEntryView = z.infer<typeof streamEntrySchema>;

/** `compressedUpdate`: one engine batch, sent as raw-deflated UTF-8 JSON bytes (serialized and deflated once per batch). */
export const streamBatchSchema = z.object({
  ts: z.number(),
  highs: z.array(streamEntrySchema),
  lows: z.array(streamEntrySchema),
  halts: z.array(streamEntrySchema),
});
export type StreamBatchView = z.infer<typeof streamBatchSchema>;

/** Socket events of the live stream (client → server; server → client). */
export const STREAM_EVENTS = {
  subscribe: 'stream_subscribe',
  channelSubscribe: 'subscribe',
  channelUnsubscribe: 'unsubscribe',
  update: 'compressedUpdate',
  error: 'stream_error',
} as const;

export const channelRequestSchema = z.object({ channel: z.enum(['stream']) });
export const STREAM_BACKLOG_MAX = 1000;

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

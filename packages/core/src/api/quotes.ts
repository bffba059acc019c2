import { z } from 'zod';
import { QUOTES_MAX } from '../quotes/quoteMessages.ts';
import { symbolSchema } from '../rules/symbol.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

// The favourite-quote calls of discovery spec §7, their answers, the live-price socket messages
// and the engine's tick on the bus. Semantics: docs/quotes-news.md §1.

const figure = z.number().finite().nullable();

/** One favourite as answered (§3 Quote). Unknown figures, or no engine answering, are null. */
export const quoteSchema = z.object({
  symbol: z.string(),
  price: figure,
  percent: figure,
  dollar_dist: figure,
  high: figure,
  low: figure,
  /** Today's 5-minute closes from 04:00 New York time (docs/quotes-news.md). */
  sl: z.array(z.number()),
  pin: figure,
  pin_percent: figure,
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListSchema = z.array(quoteSchema);

/** Raw entries as typed: trimmed, upper-cased and judged by the server (invalids, duplicates). */
const entries = z.array(z.string().max(32)).max(1000);

/** POST /api/quotes. */
export const quotesEditRequestSchema = z.object({ adds: entries.default([]), deletes: entries.default([]) });
export type QuotesEditRequest = z.infer<typeof quotesEditRequestSchema>;

export const QUOTES_ERRORS = ['empty_symbol', 'overflow'] as const;
export type QuotesError = (typeof QUOTES_ERRORS)[number];

/** POST /api/quotes answer: the whole list as `data`; `error` null on success. */
export const quotesEditAnswerSchema = z.object({
  success: z.boolean(),
  overflow: z.boolean(),
  data: quoteListSchema,
  invalids: z.array(z.string()),
  duplicates: z.array(z.string()),
  error: z.enum(QUOTES_ERRORS).nullable(),
  message: z.string().optional(),
});
export type QuotesEditAnswer = z.infer<typeof quotesEditAnswerSchema>;

export const quoteSymbolParamsSchema = z.object({ symbol: symbolSchema });

/** DELETE /api/quotes/{symbol} answer (§7 "not shown": ours). */
export const quotesDeleteAnswerSchema = z.object({ success: z.literal(true), data: quoteListSchema });

/** POST /api/quotes/reorder: the wanted order; unknown or repeated names are ignored. */
export const quotesReorderRequestSchema = z.object({
  quotes: z.array(z.string().max(32)).max(QUOTES_MAX * 4),
});
export const successAnswerSchema = z.object({ success: z.literal(true) });

/** POST /api/quotes/pin/{symbol}: a price, or null / 0 to reset. */
export const quotePinRequestSchema = z.object({
  pin: z.number().finite().min(0).max(1_000_000).nullable(),
});
export const quotePinAnswerSchema = z.object({ success: z.literal(true), data: quoteSchema });

/** GET /api/stock_info/sparkline/{symbols}: 1–75 comma-separated symbols. */
export const sparklineParamsSchema = z.object({
  symbols: z
    .string()
    .max(QUOTES_MAX * 17)
    .transform((s) => s.split(','))
    .pipe(z.array(symbolSchema).min(1).max(QUOTES_MAX)),
});
export const sparklineItemSchema = z.object({
  symbol: z.string(),
  sl: z.array(z.number()),
  /** The prior close: the sparkline's baseline. */
  pc: figure,
});
export const sparklineAnswerSchema = z.object({
  success: z.literal(true),
  items: z.array(sparklineItemSchema),
});

/** Socket events of live quote prices (client → server; server → client). */
export const QUOTE_EVENTS = {
  subscribe: 'quotes_subscribe',
  unsubscribe: 'quotes_unsubscribe',
  update: 'quotes',
} as const;
export const quotesSubscribeSchema = z.object({ v: z.literal(PROTOCOL_VERSION) });

/** One live row: [symbol, price, percent, dollar_dist, high, low]. */
export const quoteTickRowSchema = z.tuple([z.string(), z.number(), figure, figure, figure, figure]);
export type QuoteTickRow = z.infer<typeof quoteTickRowSchema>;

/** Socket `quotes`: the rows of this tab's symbols that printed since the last frame. */
export const quotesFrameSchema = z.object({ v: z.literal(PROTOCOL_VERSION), q: z.array(quoteTickRowSchema) });
export type QuotesFrame = z.infer<typeof quotesFrameSchema>;

/** Bus `quotes:tick` (engine → every API node), once a second: every symbol that printed. */
export const QUOTE_TOPICS = { tick: 'quotes:tick' } as const;
export const quoteTickMessageSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  ts: z.number(),
  q: z.array(quoteTickRowSchema),
});
export type QuoteTickMessage = z.infer<typeof quoteTickMessageSchema>;

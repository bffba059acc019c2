import { z } from 'zod';

/** The index ETFs behind the Meters widget's gauges (DOW, NAZ, SPY), in display order. */
export const METER_SYMBOLS = ['DIA', 'QQQ', 'SPY'] as const;
export type MeterSymbol = (typeof METER_SYMBOLS)[number];

/** Data host path of the gauges' figures (see docs/metrics.md, Meters). */
export const METERS_PATH = '/data/meters';
/** The widget polls this often; the figures move with every print. */
export const METERS_POLL_MS = 5000;

/**
 * One index ETF as the engine sees it. Dollars throughout: `atr` is ATR(14) of the completed
 * daily bars, `change` is `last − prevClose`. Null while unknown (no prior close yet, ATR still
 * warming up).
 */
export const meterQuoteSchema = z.object({
  s: z.enum(METER_SYMBOLS),
  last: z.number().nullable(),
  prevClose: z.number().nullable(),
  atr: z.number().nullable(),
  change: z.number().nullable(),
});
export type MeterQuote = z.infer<typeof meterQuoteSchema>;

/** GET /data/meters. */
export const metersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(meterQuoteSchema).max(METER_SYMBOLS.length),
});
export type MetersResponse = z.infer<typeof metersResponseSchema>;

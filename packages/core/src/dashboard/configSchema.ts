import { z } from 'zod';
import { DISCOVERY_COLUMN_IDS, DISCOVERY_DISPLAYS } from '../discovery/columnIds.ts';
import { DISCOVERY_DENSITIES } from '../discovery/refresh.ts';
import { symbolSchema } from '../rules/symbol.ts';
import { chartLinkProblem } from './chartLink.ts';

/** Stream filter ranges (spec §5): a max at or above the top value means unbounded. */
export const STREAM_RANGES = {
  price: { min: 0, max: 5000 },
  volume: { min: 0, max: 200_000_000 },
  float: { min: 0, max: 100_000_000_000 },
  atr: { min: 0, max: 1000 },
  gap: { min: 0, max: 1000 },
  count: { min: 0, max: 1000 },
} as const;
export type StreamRangeKey = keyof typeof STREAM_RANGES;
export const STREAM_RANGE_KEYS = Object.keys(STREAM_RANGES) as StreamRangeKey[];
/** ATR % and GAP % stream filters are Pro Plus only (spec §6). */
export const PRO_PLUS_RANGE_KEYS: readonly StreamRangeKey[] = ['atr', 'gap'];

const rangeSchema = (key: StreamRangeKey) =>
  z
    .object({
      min: z.number().min(STREAM_RANGES[key].min).max(STREAM_RANGES[key].max),
      max: z.number().min(STREAM_RANGES[key].min).max(STREAM_RANGES[key].max),
    })
    .refine((r) => r.max >= r.min, 'Max value must not be less than Min value.');

export const CUSTOM_LIST_MAX = 1000;

export const streamChannelValueSchema = z.object({
  price: rangeSchema('price'),
  volume: rangeSchema('volume'),
  float: rangeSchema('float'),
  atr: rangeSchema('atr'),
  gap: rangeSchema('gap'),
  count: rangeSchema('count'),
  /** Sector code → shown; a code missing here is shown. */
  industries: z.record(z.string().regex(/^\d{1,3}$/), z.boolean()),
  custom_view: z.array(symbolSchema).max(CUSTOM_LIST_MAX),
});
export type StreamChannelValue = z.infer<typeof streamChannelValueSchema>;

export const STREAM_CHANNEL_TYPES = ['none', 'popular', 'fav', 'filter', 'custom'] as const;
export type StreamChannelType = (typeof STREAM_CHANNEL_TYPES)[number];

export const streamChannelSchema = z.object({
  channel: z.enum(['main', 'alt']),
  title: z.string().max(40),
  // The spec also spells fav as "favorite"; both are read, fav is written.
  type: z.preprocess((v) => (v === 'favorite' ? 'fav' : v), z.enum(STREAM_CHANNEL_TYPES)),
  value: streamChannelValueSchema,
});
export type StreamChannel = z.infer<typeof streamChannelSchema>;

export const OPTIONS_MODES = ['off', 'icon', 'filter'] as const;
export type OptionsMode = (typeof OPTIONS_MODES)[number];

/** News recency in hours: 0 (disabled) to 5 days. */
export const NEWS_RECENCY_MAX_HOURS = 5 * 24;

export const newsConfigSchema = z.object({
  icon: z.boolean(),
  recency: z.number().int().min(0).max(NEWS_RECENCY_MAX_HOURS),
  hide_rf: z.boolean(),
});

export const voiceNotiSchema = z.object({
  zone: z.enum(['filtered', 'halt', 'primary_high', 'primary_low', 'alt_high', 'alt_low', 'fav', 'popular']),
  voice: z.enum(['voice1', 'voice2', 'voice3', 'voice4', 'voice5']),
  type: z.enum(['symbol', 'name']),
});

export const VOICE_BUFFER_MAX = 10;

/**
 * The Stream widgets' halts strip (issue 27, as MOMO filters it): halts older than `minutes`
 * are hidden (0 hides every halt), and with `maxLength` above 0 so are symbols longer than it
 * (warrants and units: "ABCDW", "ABCDU"). Absent until first saved: HALTS_STRIP_DEFAULT.
 */
export const HALTS_MINUTES_MAX = 240;
export const HALTS_SYMBOL_LENGTH_MAX = 6;
export const haltsStripSchema = z
  .object({
    minutes: z.number().int().min(0).max(HALTS_MINUTES_MAX),
    maxLength: z.number().int().min(0).max(HALTS_SYMBOL_LENGTH_MAX),
  })
  .strict();
export type HaltsStrip = z.infer<typeof haltsStripSchema>;
export const HALTS_STRIP_DEFAULT: HaltsStrip = { minutes: 30, maxLength: 0 };

/**
 * Discovery column options (discovery spec §3 config): per column whether it is hidden and, for
 * price, ATR and gap, whether it shows % or $. Saved in the dashboard config as `discovery`;
 * read through normalizeDiscoveryColumns (a short list means the default).
 */
export const discoveryColumnSchema = z
  .object({
    column: z.enum(DISCOVERY_COLUMN_IDS),
    hidden: z.boolean(),
    display: z.enum(DISCOVERY_DISPLAYS).optional(),
  })
  .strict();
export type DiscoveryColumnOption = z.infer<typeof discoveryColumnSchema>;
export const discoveryConfigSchema = z.array(discoveryColumnSchema).max(DISCOVERY_COLUMN_IDS.length);

export const dashboardConfigSchema = z
  .object({
    stream: z.array(streamChannelSchema).length(2),
    optionsMode: z.enum(OPTIONS_MODES),
    news: newsConfigSchema,
    voiceNoti: z.array(voiceNotiSchema).max(8),
    voiceBuffer: z.number().min(0).max(VOICE_BUFFER_MAX),
    /** Discovery column options; absent until first saved (the default applies). */
    discovery: discoveryConfigSchema.optional(),
    /** The halts strip's filters; absent until first saved (HALTS_STRIP_DEFAULT). */
    halts: haltsStripSchema.optional(),
    /** Discovery's row density; absent: the spec's 65 px rows. */
    discoveryDensity: z.enum(DISCOVERY_DENSITIES).optional(),
    /** The chat channel the trader last had open; Chat reopens on it. Absent: the first. */
    chatChannel: z.string().min(1).max(64).optional(),
    /** The trader's charting site, a URL template with {symbol} (chartLink.ts); absent: none. */
    chartLink: z
      .string()
      .refine((t) => chartLinkProblem(t) === null, 'An https address with {symbol}.')
      .optional(),
  })
  .refine(
    (c) => c.stream[0]?.channel === 'main' && c.stream[1]?.channel === 'alt',
    'Channels are main then alt.',
  )
  .refine((c) => c.stream[0]?.type !== 'none', 'The main channel cannot be none.');
export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;

export const saveConfigRequestSchema = z.object({ config: dashboardConfigSchema });
export type SaveConfigRequest = z.infer<typeof saveConfigRequestSchema>;

/** GET /api/settings: each part as JSON text, null when never saved. */
export const settingsResponseSchema = z.object({
  success: z.literal(true),
  config: z.string().nullable(),
  discovery: z.string().nullable(),
  layout: z.string().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const SYMBOLS_VALIDATE_MAX = 5000;
export const validateSymbolsRequestSchema = z.object({
  symbols: z.array(z.string().max(32)).min(1).max(SYMBOLS_VALIDATE_MAX),
});
/** The symbols of the request that exist, in request order, upper-cased, without duplicates. */
export const validateSymbolsResponseSchema = z.object({
  success: z.literal(true),
  symbols: z.array(z.string()),
});

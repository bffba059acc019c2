import { z } from 'zod';
import { TIMEFRAME_IDS, timeframeSchema } from '../api/market.ts';

// Filtered (conditional) alerts and the Discovery smart filter share this shape (dashboard spec
// §3 Filtered alert, §5; discovery spec §4 Table filter). Matching: @tapeline/market smartFilter.

/** The filterable columns, in the order the modal lists them (§3). */
export const FILTER_COLUMNS = [
  'atr',
  'avgVolume',
  'float',
  'gap',
  'last',
  'price_dist',
  'momentum',
  'mf_price',
  'mf_dist',
  'rs',
  'short_ratio',
  'squeeze',
  'trend',
  'trend_change',
  'uVol',
  'rv_price',
  'rv_dist',
  'vWapDist',
] as const;
export type FilterColumn = (typeof FILTER_COLUMNS)[number];

/**
 * Columns compared against one threshold (§5 "single-value columns need a value"): `min` holds
 * it; a value ≥ 0 means "at least", a negative one "at most" (−5 on price_dist: down 5 % or more).
 */
export const SINGLE_VALUE_COLUMNS = ['price_dist', 'uVol', 'vWapDist', 'mf_dist', 'rv_dist'] as const;
export const TREND_DIRECTIONS = ['up', 'down'] as const;
export type TrendDirection = (typeof TREND_DIRECTIONS)[number];

/** §4/§9 squeeze options: PRE at least 1 (default 7), POST −5..−1 (default −2). */
export const SQUEEZE_PRE_DEFAULT = 7;
export const SQUEEZE_POST_DEFAULT = -2;
export const SQUEEZE_POST_RANGE = { min: -5, max: -1 } as const;
export const FILTERED_ALERTS_MAX = 5;
/** The most symbols a filtered alert may match when it is saved (validate's `limit`). */
export const FILTERED_ALERT_MATCH_LIMIT = 50;
export const FILTER_NAME_MAX = 64;

const bound = z.number().finite().nullable().optional();
const rangeSchema = z.object({ min: bound, max: bound }).strict();
const squeezeSchema = z
  .object({
    min: z
      .object({
        NOW: z.boolean().optional(),
        PRE: z.number().finite().nullable().optional(),
        POST: z.number().finite().nullable().optional(),
      })
      .strict(),
  })
  .strict();
const trendSchema = z.object({ min: z.enum(TREND_DIRECTIONS) }).strict();

export const filterValuesSchema = z
  .object({
    ...Object.fromEntries(
      FILTER_COLUMNS.filter((c) => c !== 'squeeze' && c !== 'trend' && c !== 'trend_change').map((c) => [
        c,
        rangeSchema.optional(),
      ]),
    ),
    squeeze: squeezeSchema.optional(),
    trend: trendSchema.optional(),
    trend_change: trendSchema.optional(),
  })
  .strict() as z.ZodType<FilterValues>;

export type FilterRange = { min?: number | null; max?: number | null };
export type SqueezeValue = { min: { NOW?: boolean; PRE?: number | null; POST?: number | null } };
export type TrendValue = { min: TrendDirection };
export type FilterValues = Partial<
  Record<Exclude<FilterColumn, 'squeeze' | 'trend' | 'trend_change'>, FilterRange> & {
    squeeze: SqueezeValue;
    trend: TrendValue;
    trend_change: TrendValue;
  }
>;

export const filteredAlertSchema = z
  .object({
    name: z.string().trim().min(1).max(FILTER_NAME_MAX),
    type: z.enum(['all', 'any']),
    values: filterValuesSchema,
    /** Sector codes the alert watches (§3 `sector {min: list}`). */
    sector: z.object({ min: z.array(z.number().int().min(0).max(999)).max(64) }),
    /** The Discovery timeframe, sent as 15m…1mo or the engine's names; stored as the engine's. */
    timeframe: z.object({ min: timeframeSchema }),
  })
  .strict();
export type FilteredAlert = z.infer<typeof filteredAlertSchema>;
export type FilteredAlertInput = z.input<typeof filteredAlertSchema>;
export { TIMEFRAME_IDS };

/** The §5 message a filter breaks first, or null when it may be saved. */
export function filteredAlertProblem(
  f: {
    name: string;
    values: FilterValues;
    sector?: { min: readonly number[] };
    timeframe?: { min?: string };
  },
  others: readonly { name: string }[] = [],
): string | null {
  if (f.name.trim() === '') return filterMessages.nameRequired;
  if (others.some((o) => o.name.trim().toLowerCase() === f.name.trim().toLowerCase()))
    return filterMessages.nameTaken;
  const entries = Object.entries(f.values) as [FilterColumn, unknown][];
  if (entries.length === 0) return filterMessages.rowRequired;
  for (const [column, raw] of entries) {
    if (column === 'squeeze') {
      const s = (raw as SqueezeValue).min;
      const pre = s.PRE !== null && s.PRE !== undefined;
      const post = s.POST !== null && s.POST !== undefined;
      if (!s.NOW && !pre && !post) return filterMessages.squeezeOption;
      if (pre && post) return filterMessages.squeezePreAndPost;
      if (pre && (s.PRE as number) < 1) return filterMessages.squeezePre;
      if (
        post &&
        ((s.POST as number) < SQUEEZE_POST_RANGE.min || (s.POST as number) > SQUEEZE_POST_RANGE.max)
      ) {
        return filterMessages.squeezePost;
      }
      continue;
    }
    if (column === 'trend' || column === 'trend_change') continue;
    const r = raw as FilterRange;
    const min = r.min ?? null;
    const max = r.max ?? null;
    if ((SINGLE_VALUE_COLUMNS as readonly string[]).includes(column)) {
      if (min === null) return filterMessages.singleValue;
      continue;
    }
    if (min === null && max === null) return filterMessages.rangeRequired;
    if (min !== null && max !== null && max < min) return filterMessages.maxBelowMin;
  }
  if (f.values.trend && f.values.trend_change) return filterMessages.trendAndChange;
  if (!f.sector || f.sector.min.length === 0) return filterMessages.sectorRequired;
  if (!f.timeframe?.min) return filterMessages.timeframeRequired;
  return null;
}

/** §5 wording for the filter modal (spec text where the spec has one). */
export const filterMessages = {
  nameRequired: 'Name is required',
  nameTaken: 'A filter already exists with the same name',
  rowRequired: 'Add at least one condition',
  rangeRequired: 'Enter a Min or Max value',
  maxBelowMin: 'Max value must not be less than Min value.',
  singleValue: 'Condition requires additional row of criteria.',
  squeezeOption: 'Choose at least one squeeze option',
  squeezePreAndPost: 'PRE and POST cannot be used together',
  squeezePre: 'PRE value must be at least 1',
  squeezePost: 'POST value must be between -5 and -1',
  trendAndChange: 'Trend and Trend change cannot be used together',
  sectorRequired: 'Choose at least one sector',
  timeframeRequired: 'Choose a timeframe',
} as const;

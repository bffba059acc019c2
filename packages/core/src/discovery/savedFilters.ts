import { z } from 'zod';
import {
  FILTER_COLUMNS,
  FILTER_NAME_MAX,
  type FilterValues,
  filteredAlertProblem,
  filterMessages,
  filterValuesSchema,
} from '../alerts/filteredAlert.ts';

// The saved smart filters (discovery spec §3 Table filter, §7 POST /api/settings/discovery):
// `{filters: {name: {type, values}}, selected}`, the values in the filtered-alert shape so one
// evaluator (@tapeline/market smartFilter) runs both. 'Default' is the built-in no-filter entry
// and is never stored; names starting with 'temp-' are unsaved filters and are not stored either.

export const DEFAULT_FILTER_NAME = 'Default';
export const TEMP_FILTER_PREFIX = 'temp-';
/** Saved filters per trader: the picker is a short list, and this bounds the stored JSON. */
export const SAVED_FILTERS_MAX = 50;
/** §5: a column once per filter, so at most one row per filterable column (17 in the modal). */
export const SMART_FILTER_ROWS_MAX = FILTER_COLUMNS.length;

export const smartFilterSchema = z
  .object({ type: z.enum(['all', 'any']), values: filterValuesSchema })
  .strict();
export type SmartFilter = z.infer<typeof smartFilterSchema>;

export const isTempFilterName = (name: string) => name.startsWith(TEMP_FILTER_PREFIX);

/**
 * The §5 message a smart filter breaks first, or null. `named` is false for Filter (apply
 * without saving), true for Save & Filter and Update, which also need a name. `others` are the
 * other saved names (the one being renamed left out), compared case-insensitively.
 */
export function smartFilterProblem(
  f: { name: string; values: FilterValues },
  others: readonly string[],
  named: boolean,
): string | null {
  const name = named ? f.name : f.name.trim() || 'unnamed';
  // Sector and timeframe belong to filtered alerts only; the Discovery toolbar holds them here.
  return filteredAlertProblem(
    { name, values: f.values, sector: { min: [0] }, timeframe: { min: '1day' } },
    named ? others.map((o) => ({ name: o })) : [],
  );
}

export const discoverySettingsSchema = z
  .object({
    filters: z.record(z.string(), smartFilterSchema),
    selected: z.string().max(FILTER_NAME_MAX),
  })
  .strict()
  .superRefine((s, ctx) => {
    const names = Object.keys(s.filters);
    if (names.length > SAVED_FILTERS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['filters'], message: `At most ${SAVED_FILTERS_MAX} filters` });
      return;
    }
    const seen = new Set<string>();
    for (const name of names) {
      const path = ['filters', name];
      const trimmed = name.trim();
      if (trimmed === '' || name.length > FILTER_NAME_MAX) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `A filter name is 1 to ${FILTER_NAME_MAX} characters`,
        });
        continue;
      }
      if (trimmed.toLowerCase() === DEFAULT_FILTER_NAME.toLowerCase() || isTempFilterName(trimmed)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `'${name}' is not a name a filter can be saved under`,
        });
        continue;
      }
      if (seen.has(trimmed.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path, message: filterMessages.nameTaken });
        continue;
      }
      seen.add(trimmed.toLowerCase());
      const problem = smartFilterProblem({ name, values: (s.filters[name] as SmartFilter).values }, [], true);
      if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
    }
  });
export type DiscoverySettings = z.infer<typeof discoverySettingsSchema>;

export const defaultDiscoverySettings = (): DiscoverySettings => ({
  filters: {},
  selected: DEFAULT_FILTER_NAME,
});

/**
 * The saved filters from GET /api/settings' `discovery` JSON text. Text that does not parse or
 * does not match (never saved, or the older column list) gives the default (§4 "if parsing saved
 * settings fails, defaults are written back"): the caller then saves it. A selection that names
 * no saved filter falls back to Default.
 */
export function parseDiscoverySettings(text: string | null | undefined): {
  settings: DiscoverySettings;
  valid: boolean;
} {
  if (!text) return { settings: defaultDiscoverySettings(), valid: text === null || text === undefined };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { settings: defaultDiscoverySettings(), valid: false };
  }
  const parsed = discoverySettingsSchema.safeParse(raw);
  if (!parsed.success) return { settings: defaultDiscoverySettings(), valid: false };
  const s = parsed.data;
  const selected = Object.hasOwn(s.filters, s.selected) ? s.selected : DEFAULT_FILTER_NAME;
  return { settings: { ...s, selected }, valid: true };
}

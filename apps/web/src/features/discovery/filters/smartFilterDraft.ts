import {
  smartFilterProblem as coreProblem,
  DEFAULT_FILTER_NAME,
  isTempFilterName,
  type SmartFilter,
  TEMP_FILTER_PREFIX,
} from '@tapeline/core';
import { draftOf, emptyDraft, type FilterDraft, valuesOf } from '../../notifications/index.ts';
import type { NamedFilter } from './discoveryFiltersApi.ts';
import { filtersText } from './filtersText.ts';

// The smart filter is the filtered alert's conditions without its sectors and timeframe (the
// Discovery toolbar picks those), so the modal edits the same draft and core's §5 rules judge it.

/** Filter applies without saving (no name needed); save is Save & Filter or Update. */
export type SmartFilterAction = 'filter' | 'save';

/** A saved filter (or none), ready to edit. */
export function smartDraftOf(filter: NamedFilter | null): FilterDraft {
  if (!filter) return emptyDraft();
  const draft = draftOf({ ...filter, sector: { min: [] }, timeframe: { min: '1day' } });
  return { ...draft, timeframe: '' };
}

/** A cleared form: one blank row; in edit mode the name stays (Clear empties the conditions). */
export function clearedDraft(name: string): FilterDraft {
  return { ...emptyDraft(), name };
}

/** The conditions as saved: rows without a column are left out (§5 needs one with a column). */
export function smartFilterOf(draft: FilterDraft): SmartFilter {
  return { type: draft.type, values: valuesOf(draft.rows) };
}

/**
 * §5 in its order (core's smartFilterProblem): for a save a name, unique among the other saved
 * filters (renaming is checked against the others only), then at least one row with a column and
 * each row's own rule. Default and 'temp-' names are the picker's own and cannot be saved.
 */
export function smartFilterProblem(
  draft: FilterDraft,
  action: SmartFilterAction,
  otherNames: readonly string[],
): string | null {
  const named = action === 'save';
  const name = draft.name.trim();
  if (
    named &&
    name !== '' &&
    (name.toLowerCase() === DEFAULT_FILTER_NAME.toLowerCase() || isTempFilterName(name))
  )
    return filtersText.reservedName;
  return coreProblem({ name, values: smartFilterOf(draft).values }, otherNames, named);
}

/** §3: a filter applied from Filter, without saving, goes by a 'temp-' name. */
export function tempNameOf(name: string): string {
  return `${TEMP_FILTER_PREFIX}${name.trim() || 'filter'}`;
}

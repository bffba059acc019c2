import {
  alertMessages,
  FILTERED_ALERTS_MAX,
  FILTERED_LIMIT_ERROR,
  type FilteredAlert,
  filteredAlertProblem,
} from '@tapeline/core';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Principal } from '../../../platform/http/guards.ts';
import type { RulesDeps } from './deps.ts';

/** §7's `limit_exceeded` answer carries `success: false` beside the usual `{error, message}`. */
class FilteredLimitError extends HttpError {
  constructor() {
    super(400, FILTERED_LIMIT_ERROR, alertMessages.filteredLimit);
  }

  override body() {
    return { success: false, ...super.body() };
  }
}

/**
 * POST /api/alerts/filtered-alerts: the whole list replaces the stored one (add, edit and delete
 * all send it). At most FILTERED_ALERTS_MAX; every filter must pass §5, names unique whatever
 * their case. Pro Plus only (the route's guard).
 */
export async function saveFilteredAlerts(
  deps: RulesDeps,
  { user }: Principal,
  list: FilteredAlert[],
): Promise<{ success: true }> {
  if (list.length > FILTERED_ALERTS_MAX) throw new FilteredLimitError();
  for (const [index, filter] of list.entries()) {
    const problem = filteredAlertProblem(filter, list.slice(0, index));
    if (problem) throw new HttpError(400, 'invalid_filter', problem);
  }
  await deps.rules.saveSetting(user.id, { filteredAlerts: list }, new Date(deps.clock.now()));
  deps.ruleChanges.changed(user.id);
  return { success: true };
}

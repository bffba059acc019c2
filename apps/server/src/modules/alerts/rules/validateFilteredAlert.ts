import {
  alertMessages,
  discoveryAccess,
  FILTERED_ALERT_MATCH_LIMIT,
  type FilteredAlert,
  filteredAlertProblem,
  messages,
  type TimeframeId,
} from '@tapeline/core';
import { countMatches, type DiscoveryRow } from '@tapeline/market';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Principal } from '../../../platform/http/guards.ts';
import { EngineUnavailableError } from '../../market/engine/source.ts';
import type { RulesDeps } from './deps.ts';

/** A filter sent for validation: sector and timeframe may still be missing (the modal's first try). */
export type FilterToValidate = Pick<FilteredAlert, 'name' | 'type' | 'values'> &
  Partial<Pick<FilteredAlert, 'sector' | 'timeframe'>>;

/** What the count is taken on while the modal has no timeframe yet: Discovery's default. */
const DEFAULT_TIMEFRAME: TimeframeId = '1day';

/** The engine's Discovery rows now, as the data host serves them; 503 while no engine answers. */
async function discoveryRowsNow(deps: RulesDeps, principal: Principal, tf: TimeframeId) {
  let json: string;
  try {
    json = await deps.engine.query({
      kind: 'discovery',
      tf,
      access: discoveryAccess(principal.subscription),
    });
  } catch (error) {
    if (error instanceof EngineUnavailableError) {
      throw new HttpError(503, 'engine_unavailable', messages.serviceNotAvailable, false, {
        'retry-after': '5',
      });
    }
    throw error;
  }
  return JSON.parse(json) as DiscoveryRow[];
}

/**
 * POST /api/alerts/filtered-alert/validate: how many symbols the filter matches now on its
 * timeframe, against the most a filtered alert may match. Valid when within that and §5 finds
 * nothing wrong; otherwise `problem` says which rule failed (§5's words, or §8's too-many-matches
 * message). Pro Plus only (the route's guard). Changes nothing.
 */
export async function validateFilteredAlert(
  deps: RulesDeps,
  principal: Principal,
  content: FilterToValidate,
) {
  const rows = await discoveryRowsNow(deps, principal, content.timeframe?.min ?? DEFAULT_TIMEFRAME);
  const count = countMatches(rows, content);
  const values: [number, number] = [FILTERED_ALERT_MATCH_LIMIT, count];
  const problem =
    filteredAlertProblem(content) ??
    (count > FILTERED_ALERT_MATCH_LIMIT
      ? alertMessages.tooManyMatches(count, FILTERED_ALERT_MATCH_LIMIT)
      : null);
  return problem === null ? { valid: true, values } : { valid: false, values, problem };
}

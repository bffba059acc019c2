import {
  type AlertRule,
  alertMessages,
  categoryKey,
  clampRate,
  clampStep,
  HALT_CATEGORY,
  type RuleType,
  type UpdateAlertRequest,
} from '@tapeline/core';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Principal } from '../../../platform/http/guards.ts';
import type { RulesDeps } from './deps.ts';
import { readCategory, requireTypeTier } from './ruleChecks.ts';

export const alertNotFound = () => new HttpError(404, 'not_found', alertMessages.alertNotFound);

/** The body names the rule's own category (any case), so a stale form cannot edit another rule. */
function requireSameCategory(rule: AlertRule, raw: string): void {
  const same =
    rule.type === 'halt'
      ? raw.trim().toLowerCase() === HALT_CATEGORY
      : categoryKey(readCategory(rule.type, raw)) === rule.category;
  if (!same) throw new HttpError(400, 'category_mismatch', alertMessages.categoryMismatch);
}

/** A bound left out keeps its value, null clears it; Low may not end up above High. */
function bounds(rule: AlertRule, body: UpdateAlertRequest): { high: number | null; low: number | null } {
  if (rule.type !== 'price') return { high: null, low: null };
  const high = body.high === undefined ? rule.high : body.high;
  const low = body.low === undefined ? rule.low : body.low;
  if (high !== null && low !== null && low > high) {
    throw new HttpError(400, 'invalid_bounds', alertMessages.boundsInverted);
  }
  return { high, low };
}

/**
 * PUT /api/alerts/{id}: a rule's rate (clamped; left out keeps it, null resets it to the type's
 * default) and, for price rules, its bounds. Another trader's id is a 404, as a missing one is.
 * A halt rule has nothing to edit: its call answers the list unchanged.
 */
export async function updateAlert(
  deps: RulesDeps,
  { user, tier }: Principal,
  id: number,
  body: UpdateAlertRequest,
) {
  const rule = await deps.rules.findOwned(user.id, id);
  if (!rule) throw alertNotFound();
  requireSameCategory(rule, body.category);
  if (rule.type !== 'halt') {
    const type: RuleType = rule.type;
    requireTypeTier(tier, type);
    // Hi/Low: a unit left out keeps the rule's; a new unit without a rate takes its default.
    const unit = type === 'trade' ? (body.unit ?? rule.unit ?? 'dollar') : 'dollar';
    const unitChanged = unit !== (rule.unit ?? 'dollar');
    const raw = body.rate === undefined && !unitChanged ? rule.rate : body.rate;
    const rate =
      type === 'trade' ? clampStep(unit, raw) : body.rate === undefined ? rule.rate : clampRate(type, raw);
    const fields = { rate, unit, ...bounds(rule, body) };
    if (!(await deps.rules.update(user.id, id, fields, new Date(deps.clock.now())))) throw alertNotFound();
    deps.ruleChanges.changed(user.id);
  }
  return { success: true as const, data: { list: await deps.rules.list(user.id) } };
}

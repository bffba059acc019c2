import { ALERT_RULES_MAX, alertMessages, type RuleType, ruleLabel, type StepUnit } from '@tapeline/core';
import { isConflict, isLimitExceeded } from './useAlerts.ts';

/** What a toast names: the rule as it was posted (its unit absent for dollars). */
export interface PostedRule {
  type: RuleType;
  category: string;
  unit?: StepUnit | undefined;
}

/**
 * §8: a rule that exists already is 'already registered'; any other failure 'failed to register'.
 * The label follows the category and unit ('Hi/low' for a stream category or a percent step);
 * `shown` is how the category is named.
 */
export function registerFailure(rule: PostedRule, error: unknown, shown = rule.category): string {
  const label = ruleLabel(rule.type, rule.category, rule.unit);
  // The server's own answer when the trader already keeps the most rules a trader may.
  if (isLimitExceeded(error)) return alertMessages.rulesLimit(ALERT_RULES_MAX);
  return isConflict(error)
    ? alertMessages.alreadyRegistered(label, shown)
    : alertMessages.registerFailed(label, shown);
}

export const registered = (rule: PostedRule, shown = rule.category) =>
  alertMessages.added(ruleLabel(rule.type, rule.category, rule.unit), shown);

/** An optional price bound as typed: '' is none; anything else must be a positive number. */
export function parseBound(raw: string): number | null | 'invalid' {
  const text = raw.trim();
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : 'invalid';
}

/** The message for a pair of typed bounds, or null when they may be sent. */
export function boundsProblem(high: string, low: string, invalid: string): string | null {
  const h = parseBound(high);
  const l = parseBound(low);
  if (h === 'invalid' || l === 'invalid') return invalid;
  if (h !== null && l !== null && l > h) return alertMessages.boundsInverted;
  return null;
}

import { ALERT_RULES_MAX, alertMessages, type RuleType, ruleLabel } from '@tapeline/core';
import { isConflict, isLimitExceeded } from './useAlerts.ts';

/**
 * §8: a rule that exists already is 'already registered'; any other failure 'failed to register'.
 * The label follows the category ('Hi/low' for a stream category); `shown` is how it is named.
 */
export function registerFailure(type: RuleType, category: string, error: unknown, shown = category): string {
  const label = ruleLabel(type, category);
  // The server's own answer when the trader already keeps the most rules a trader may.
  if (isLimitExceeded(error)) return alertMessages.rulesLimit(ALERT_RULES_MAX);
  return isConflict(error)
    ? alertMessages.alreadyRegistered(label, shown)
    : alertMessages.registerFailed(label, shown);
}

export const registered = (type: RuleType, category: string, shown = category) =>
  alertMessages.added(ruleLabel(type, category), shown);

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

import {
  ALERT_RULES_MAX,
  alertMessages,
  type CreateAlertRequest,
  categoryKey,
  clampRate,
  clampStep,
  ruleLabel,
} from '@tapeline/core';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Principal } from '../../../platform/http/guards.ts';
import type { RulesDeps } from './deps.ts';
import { readCategory, requireListed, requireTypeTier } from './ruleChecks.ts';

/**
 * POST /api/alerts: a rule on a symbol or (Hi/Low only) a stream category, its rate clamped to
 * §9's range (the type's default when missing). Bounds are a price rule's only. Answers the
 * trader's whole list; an existing (type, category) is §8's 409 "already registered".
 */
export async function createAlert(deps: RulesDeps, { user, tier }: Principal, body: CreateAlertRequest) {
  requireTypeTier(tier, body.type);
  const parsed = readCategory(body.type, body.category);
  await requireListed(deps.universe, parsed);
  const category = categoryKey(parsed);
  const price = body.type === 'price';
  // A step unit is a Hi/Low rule's only; the others keep §9's rate.
  const unit = body.type === 'trade' ? (body.unit ?? 'dollar') : 'dollar';
  const outcome = await deps.rules.insertCapped(
    user.id,
    {
      type: body.type,
      category,
      rate: body.type === 'trade' ? clampStep(unit, body.rate) : clampRate(body.type, body.rate),
      unit,
      high: price ? (body.high ?? null) : null,
      low: price ? (body.low ?? null) : null,
    },
    ALERT_RULES_MAX,
    new Date(deps.clock.now()),
  );
  if (outcome === 'full') {
    throw new HttpError(400, 'limit_exceeded', alertMessages.rulesLimit(ALERT_RULES_MAX));
  }
  if (outcome === 'duplicate') {
    throw new HttpError(
      409,
      'already_registered',
      alertMessages.alreadyRegistered(ruleLabel(body.type, category, unit), category),
    );
  }
  deps.ruleChanges.changed(user.id);
  return { success: true as const, data: { list: await deps.rules.list(user.id) } };
}

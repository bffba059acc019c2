import { HALT_CATEGORY } from '@tapeline/core';
import type { Principal } from '../../../platform/http/guards.ts';
import type { RulesDeps } from './deps.ts';

/**
 * POST /api/alerts/halt: the Halts toggle adds or removes the trader's one halt rule. Saying the
 * state it is already in changes nothing and answers the same (the rule, or null).
 */
export async function toggleHalt(deps: RulesDeps, { user }: Principal, state: 'enabled' | 'disabled') {
  const changed =
    state === 'enabled'
      ? await deps.rules.ensure(
          user.id,
          { type: 'halt', category: HALT_CATEGORY, rate: 0, high: null, low: null },
          new Date(deps.clock.now()),
        )
      : await deps.rules.removeByCategory(user.id, 'halt', HALT_CATEGORY);
  if (changed) deps.ruleChanges.changed(user.id);
  const rule = state === 'enabled' ? await deps.rules.findByCategory(user.id, 'halt', HALT_CATEGORY) : null;
  return { success: true as const, data: rule };
}

import type { Principal } from '../../../platform/http/guards.ts';
import type { RulesDeps } from './deps.ts';
import { alertNotFound } from './updateAlert.ts';

/**
 * DELETE /api/alerts/{id}: any subscriber may drop any of their own rules, including ones their
 * plan no longer opens. Answers the remaining list as `data` itself (§7).
 */
export async function deleteAlert(deps: RulesDeps, { user }: Principal, id: number) {
  if (!(await deps.rules.remove(user.id, id))) throw alertNotFound();
  deps.ruleChanges.changed(user.id);
  return { success: true as const, data: await deps.rules.list(user.id) };
}

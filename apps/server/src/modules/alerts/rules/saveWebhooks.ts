import { type AlertWebhook, alertMessages } from '@tapeline/core';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Principal } from '../../../platform/http/guards.ts';
import type { RulesDeps } from './deps.ts';

/**
 * POST /api/alerts/webhook: one URL per webhook type, the whole map replacing the stored one; an
 * empty URL sends nothing for its type. Every URL is checked (scheme, credentials, and that its
 * host is public now, by DNS) before anything is written; the sender checks again at connect.
 */
export async function saveWebhooks(
  deps: RulesDeps,
  { user }: Principal,
  webhooks: AlertWebhook,
): Promise<{ success: true }> {
  const verdicts = await Promise.all(Object.values(webhooks).map((url) => deps.webhookTarget(url ?? '')));
  if (verdicts.includes('invalid')) throw new HttpError(400, 'invalid_webhook', alertMessages.webhookInvalid);
  await deps.rules.saveSetting(user.id, { alertWebhook: webhooks }, new Date(deps.clock.now()));
  deps.ruleChanges.changed(user.id);
  return { success: true };
}

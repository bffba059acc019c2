import { type AlertWebhook, alertMessages } from '@tapeline/core';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Principal } from '../../../platform/http/guards.ts';
import type { RulesDeps } from './deps.ts';
import { webhookUrlAccepted } from './webhookUrlCheck.ts';

/**
 * POST /api/alerts/webhook: one URL per webhook type, the whole map replacing the stored one; an
 * empty URL sends nothing for its type. Every URL is checked before anything is written.
 */
export async function saveWebhooks(
  deps: RulesDeps,
  { user }: Principal,
  webhooks: AlertWebhook,
): Promise<{ success: true }> {
  const verdicts = await Promise.all(
    Object.values(webhooks).map((url) => webhookUrlAccepted(url ?? '', deps.allowPrivateWebhooks)),
  );
  if (verdicts.includes(false)) throw new HttpError(400, 'invalid_webhook', alertMessages.webhookInvalid);
  await deps.rules.saveSetting(user.id, { alertWebhook: webhooks }, deps.clock.now());
  deps.ruleChanges.changed(user.id);
  return { success: true };
}

import type { AlertsAnswer } from '@tapeline/core';
import type { Principal } from '../../../platform/http/guards.ts';
import type { RulesDeps } from './deps.ts';

/**
 * GET /api/alerts: the trader's rules, filtered alerts, webhook URLs and webhook signing secret.
 * Everything they hold, whatever their plan opens today: a downgraded trader still sees (and may
 * delete) the rules they can no longer edit.
 */
export async function listAlerts(deps: RulesDeps, { user }: Principal): Promise<AlertsAnswer> {
  const [alerts, settings] = await Promise.all([
    deps.rules.list(user.id),
    deps.rules.settings(user.id, new Date(deps.clock.now())),
  ]);
  return {
    alerts,
    filtered_alerts: settings.filteredAlerts,
    alert_webhook: settings.alertWebhook,
    webhook_secret: settings.webhookSecret,
  };
}

import { webhookUrlProblem } from '@tapeline/core';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/client.ts';
import { alertSettings } from '../../../platform/db/schema.ts';
import { metrics } from '../../../platform/metrics.ts';
import type { DeliveryAttempt, DeliverySender, SendResult } from '../delivery/sender.ts';
import { webhookUrlFor } from './enqueueWebhookDeliveries.ts';
import { createSettingsLoader } from './settingsLoader.ts';
import { isWebhookType } from './webhookPayload.ts';
import { postJson, WebhookTimeoutError, webhookAgents } from './webhookPost.ts';
import { BlockedAddressError, publicOnlyLookup, type ResolveAll, systemResolve } from './webhookTarget.ts';

export const WEBHOOK_TIMEOUT_MS = 5000;
export const WEBHOOK_USER_AGENT = 'Tapeline-Webhooks/1';
export const FTP_UNSUPPORTED = 'ftp targets are not supported';

export interface WebhookSenderOptions {
  db: Db;
  clock: Clock;
  /** WEBHOOK_ALLOW_PRIVATE: skip the SSRF checks (tests, receivers on the LAN). */
  allowPrivate: boolean;
  /** How hosts resolve at connect time; tests inject names. */
  resolve?: ResolveAll;
  timeoutMs?: number;
  /** Connections per receiver host (the worker's concurrency bounds the total anyway). */
  maxSockets?: number;
  /** A 410 removed a URL from the trader's settings: the rule set (which carries them) changed. */
  onUrlRemoved?: (userId: string) => void;
}

export interface WebhookSender extends DeliverySender {
  /** Closes the keep-alive connections. */
  close(): void;
}

/** The webhook-id header: one per delivery row, the same on every retry, so receivers dedupe. */
export const webhookMessageId = (deliveryId: number) => `msg_${deliveryId}`;

/**
 * Webhook POSTs for the delivery worker (docs/alerts.md "Webhooks"): the payload signed the
 * Standard Webhooks way with the trader's secret, through a lookup that refuses non-public
 * addresses at connect time. 2xx delivered; 410 removes the URL (gone); 3xx (redirects are
 * never followed), other 4xx/5xx, timeouts and connection errors are retried.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { db, clock, allowPrivate } = options;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const agents = webhookAgents(options.maxSockets ?? 32);
  const lookup = publicOnlyLookup(options.resolve ?? systemResolve, allowPrivate);

  const settingsOf = createSettingsLoader(db, clock);

  /** Drops the URL from the trader's settings, unless they have already put another one there. */
  const removeUrl = async (userId: string, type: string, url: string) => {
    const removed = await db
      .update(alertSettings)
      .set({
        alertWebhook: sql`${alertSettings.alertWebhook} - ${type}::text`,
        updatedAt: new Date(clock.now()),
      })
      .where(
        and(
          eq(alertSettings.userId, userId),
          sql`btrim(${alertSettings.alertWebhook} ->> ${type}::text) = ${url}`,
        ),
      )
      .returning({ userId: alertSettings.userId });
    if (removed.length > 0) options.onUrlRemoved?.(userId);
  };

  async function send(attempt: DeliveryAttempt): Promise<SendResult> {
    const type = attempt.webhookType;
    const settings = await settingsOf(attempt.userId);
    // The trader changed or cleared this type's URL since the alert: the old one is owed nothing.
    if (!settings || !isWebhookType(type) || webhookUrlFor(settings, type) !== attempt.target) {
      return { outcome: 'gone', status: null, error: 'webhook URL no longer set' };
    }
    if (webhookUrlProblem(attempt.target, { allowPrivate }) !== null) {
      return { outcome: 'failed', status: null, error: 'webhook URL not allowed' };
    }
    const url = new URL(attempt.target);
    if (url.protocol === 'ftp:') return { outcome: 'failed', status: null, error: FTP_UNSUPPORTED };

    const id = webhookMessageId(attempt.id);
    const at = new Date(clock.now());
    const body = JSON.stringify(attempt.payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(settings.secret).sign(id, at, body),
    };
    let status: number;
    const began = clock.now();
    try {
      status = await postJson(url, { headers, body, lookup, timeoutMs, agents, clock });
    } catch (error) {
      return { outcome: 'retry', status: null, error: describe(error) };
    } finally {
      metrics.webhookSeconds.observe((clock.now() - began) / 1000);
    }
    if (status >= 200 && status < 300) return { outcome: 'delivered', status };
    if (status === 410) {
      await removeUrl(attempt.userId, type, attempt.target);
      return { outcome: 'gone', status, error: 'HTTP 410: URL removed from the settings' };
    }
    if (status >= 300 && status < 400)
      return { outcome: 'retry', status, error: `HTTP ${status}: redirects are not followed` };
    return { outcome: 'retry', status, error: `HTTP ${status}` };
  }

  return { channel: 'webhook', send, close: () => agents.destroy() };
}

/** A short reason for the delivery log; never the request (it carries the signature). */
function describe(error: unknown): string {
  if (error instanceof BlockedAddressError) return `refused: ${error.message}`;
  if (error instanceof WebhookTimeoutError) return `timed out: ${error.message}`;
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') return `connection failed (${code})`;
  return 'connection failed';
}

import { type FiredDraft, pushPayloadOf, pushPayloadSchema } from '@tapeline/core';
import webpush from 'web-push';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { AlertOutboxRow } from '../../../platform/db/schema.ts';
import type { DeliveryAttempt, DeliverySender, SendResult } from '../delivery/sender.ts';
import { BlockedAddressError } from '../webhooks/webhookTarget.ts';
import { createPushDevices } from './devices.ts';
import { isAllowedEndpoint } from './endpoint.ts';
import { enqueuePush } from './enqueuePush.ts';
import { type PushAnswer, postPush } from './pushRequest.ts';
import { vapidKeysOf } from './vapidKeys.ts';

/** An alert an hour late is noise: the push service may drop it after that (RFC 8030 TTL). */
export const PUSH_TTL_SECONDS = 3600;

/**
 * The web pushes owed for one dispatched alert, one row per web push device of its user, written
 * in the outbox transaction (docs/alerts.md "Delivery"). Returns how many rows it wrote.
 */
export async function enqueuePushDeliveries(
  tx: Pick<Db, 'select' | 'insert'>,
  row: Pick<AlertOutboxRow, 'id' | 'userId' | 'alert' | 'createdAt'>,
): Promise<number> {
  const alert = row.alert as FiredDraft;
  return enqueuePush(tx, {
    source: { outboxId: row.id },
    userIds: [row.userId],
    payload: pushPayloadOf({
      id: row.id,
      kind: alert.kind,
      symbol: alert.symbol,
      msg: alert.msg,
      time: alert.time,
      ...(alert.published_ts !== undefined ? { published_ts: alert.published_ts } : {}),
    }),
    symbol: alert.symbol,
    at: row.createdAt,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a push service's answer means (RFC 8030 §5, §8; the vendors' documented codes). */
function outcomeOf(answer: PushAnswer): SendResult {
  const { status } = answer;
  if (status >= 200 && status < 300) return { outcome: 'delivered', status };
  const error = `push service answered ${status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`;
  // 404/410: the subscription expired or was revoked; it will never accept again.
  if (status === 404 || status === 410) return { outcome: 'gone', status, error };
  // 429 (rate limited) and 5xx are the service's trouble, not the message's.
  if (status === 429 || status >= 500) return { outcome: 'retry', status, error };
  // 400 (malformed), 401/403 (VAPID refused), 413 (too large): sending it again changes nothing.
  return { outcome: 'failed', status, error };
}

/**
 * The web push adapter (channel 'push', target = push_devices.id), for alerts and chat mentions
 * alike: encrypts the row's notification for the device (aes128gcm, RFC 8291), signs with the
 * VAPID keys (RFC 8292) and POSTs it to the device's push service. A device the service calls
 * gone is removed here.
 */
export function createPushSender(ctx: AppContext): DeliverySender {
  const devices = createPushDevices(ctx.database.db);
  const { allowInsecure } = ctx.config.push;
  return {
    channel: 'push',
    async send(attempt: DeliveryAttempt): Promise<SendResult> {
      const device = UUID.test(attempt.target) ? await devices.find(attempt.target) : null;
      if (!device) return { outcome: 'gone', status: null, error: 'device no longer registered' };
      // The browser was signed into another account since: this alert is not theirs to see.
      if (device.userId !== attempt.userId) {
        return { outcome: 'gone', status: null, error: 'device now registered to another account' };
      }
      if (device.kind !== 'webpush' || !device.p256dh || !device.auth) {
        return { outcome: 'failed', status: null, error: `no delivery for ${device.kind} devices` };
      }
      if (!isAllowedEndpoint(device.endpoint, allowInsecure)) {
        return { outcome: 'failed', status: null, error: 'push endpoint not allowed' };
      }
      const payload = pushPayloadSchema.safeParse(attempt.payload);
      if (!payload.success) return { outcome: 'failed', status: null, error: 'malformed push payload' };
      const vapid = await vapidKeysOf(ctx.config);
      let details: webpush.RequestDetails;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(payload.data),
          { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm' },
        );
      } catch (error) {
        return {
          outcome: 'failed',
          status: null,
          error: `cannot encrypt for this device: ${(error as Error).message}`,
        };
      }
      let answer: PushAnswer;
      try {
        answer = await postPush(details, allowInsecure);
      } catch (error) {
        const { message } = error as Error;
        // A name that resolves inside is refused by policy: asking again will not change that.
        if (error instanceof BlockedAddressError) return { outcome: 'failed', status: null, error: message };
        return { outcome: 'retry', status: null, error: message };
      }
      const result = outcomeOf(answer);
      if (result.outcome === 'gone') await devices.delete(device.id);
      return result;
    },
  };
}

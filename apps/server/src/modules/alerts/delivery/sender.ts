import type { AlertDeliveryRow } from '../../../platform/db/schema.ts';

/**
 * One attempt at a delivery row: what a sender needs, nothing it could change. Its source is an
 * alert (`outboxId`) or a chat mention (`chatMessageId`); senders read neither, only the payload.
 */
export type DeliveryAttempt = Readonly<
  Pick<
    AlertDeliveryRow,
    | 'id'
    | 'outboxId'
    | 'chatMessageId'
    | 'userId'
    | 'channel'
    | 'target'
    | 'webhookType'
    | 'symbol'
    | 'payload'
    | 'attempts'
  >
>;

/**
 * What became of an attempt. `retry` is scheduled again on the Standard Webhooks schedule until
 * it runs out (then `failed`); `gone` means the target will never accept again (a push service's
 * 404/410, a webhook's 410) and the sender has already removed or disabled it.
 */
export type SendResult =
  | { outcome: 'delivered'; status: number | null }
  | { outcome: 'retry'; status: number | null; error: string }
  | { outcome: 'gone'; status: number | null; error: string }
  | { outcome: 'failed'; status: number | null; error: string };

/** One adapter per way out (web push, webhook), behind this interface; the delivery worker calls it. */
export interface DeliverySender {
  readonly channel: AlertDeliveryRow['channel'];
  send(attempt: DeliveryAttempt): Promise<SendResult>;
}

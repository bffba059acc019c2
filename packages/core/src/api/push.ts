import { z } from 'zod';
import { PRODUCT_SHORT_NAME } from '../alerts/alertMessages.ts';

// Web push (docs/alerts.md "Web push"): the VAPID key the browser subscribes with, the device
// call's answer, Safari's legacy permission call, and the notification a push carries.

/** A trader's registered browsers and devices; registering one more drops the oldest. */
export const PUSH_DEVICES_MAX = 20;

/** GET /api/alerts/push/key: the application server key (VAPID public key, URL-safe base64). */
export const pushKeyAnswerSchema = z.object({ publicKey: z.string() });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswerSchema>;

/** POST /api/alerts/device/{id}: registered, or removed (registration_id null). */
export const deviceAnswerSchema = z.object({ success: z.literal(true) });

/**
 * POST /api/spn (accounts spec §7, Safari's legacy push permission request). Safari 16+ speaks
 * standard Web Push, so the call is gone: 410 with this body.
 */
export const SPN_GONE_ERROR = 'use_web_push';

export const pushMessages = {
  invalidSubscription: 'Push subscription is invalid',
  insecureEndpoint: 'Push endpoint must be an https:// address of a public push service',
  removalNeedsEndpoint: 'Say which registration to remove (endpoint)',
  spnGone:
    "Safari's legacy push is not supported: Safari 16 and later use standard Web Push. Turn on push notifications in Settings → Notifications.",
} as const;

/** What the service worker shows for one push (sw.js reads these fields). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A newer alert of the same kind for the same symbol replaces the older notification. */
  tag: z.string(),
  data: z.object({
    /** Where a click on the notification goes. */
    url: z.string(),
    symbol: z.string(),
    /** The outbox row (the fired alert's id on the socket too). */
    id: z.number().int(),
    /** A fired alert's exchange time of its print and the server's publish time (UTC ms); not on a mention. */
    time: z.number().optional(),
    published_ts: z.number().optional(),
  }),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * Push services take at most 4096 bytes of encrypted message (RFC 8030 §7.2 lets them refuse
 * more); after encryption overhead about 3990 are left. 3000 keeps well clear of that.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;

/** UTF-8 bytes of a string (core compiles without the DOM's or Node's encoders). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The notification for a fired alert: the alert's own message, shortened only to fit a push. */
export function pushPayloadOf(alert: {
  id: number;
  kind: string;
  symbol: string;
  msg: string;
  time?: number;
  published_ts?: number;
}): PushPayload {
  const payload: PushPayload = {
    title: PRODUCT_SHORT_NAME,
    body: alert.msg,
    tag: `${alert.kind}:${alert.symbol}`.slice(0, 64),
    data: { url: '/dashboard', symbol: alert.symbol.slice(0, 32), id: alert.id },
  };
  if (alert.time !== undefined) payload.data.time = alert.time;
  if (alert.published_ts !== undefined) payload.data.published_ts = alert.published_ts;
  // Code points, not UTF-16 units, so an emoji is never cut in half.
  let chars = Array.from(alert.msg);
  while (utf8Length(JSON.stringify(payload)) > PUSH_PAYLOAD_MAX_BYTES) {
    chars = chars.slice(0, Math.floor(chars.length * 0.8));
    payload.body = `${chars.join('')}…`;
  }
  return payload;
}

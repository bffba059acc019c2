import { type FiredAlert, WEBHOOK_TYPES, type WebhookPayload, type WebhookType } from '@tapeline/core';

/** The fired alert fields a payload is made of (an outbox row's alert carries more). */
export type FiredFields = Omit<FiredAlert, 'v' | 'id'>;

/** Which of the trader's six webhook URLs (§9) an alert goes to; digests go to none. */
const TYPE_OF_KIND: Record<FiredAlert['kind'], WebhookType | null> = {
  trade: 'high_low',
  uv: 'uvol',
  vwap: 'vwapdist',
  price: 'price',
  halt: 'halts',
  filtered: 'conditional',
  // A digest stands for alerts the storm limit held back from every channel (docs/alerts.md).
  digest: null,
};

export const isWebhookType = (type: string | null): type is WebhookType =>
  type !== null && (WEBHOOK_TYPES as readonly string[]).includes(type);

export function webhookTypeOf(kind: FiredAlert['kind']): WebhookType | null {
  return TYPE_OF_KIND[kind];
}

const newYork = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD` and `HH:MM:SS` in New York, where the exchanges date their halts. */
export function newYorkDateTime(ms: number): { date: string; time: string } {
  const part = Object.fromEntries(newYork.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}:${part.second}`,
  };
}

/** The JSON a webhook receives for one alert (core webhookPayloadSchema), or null for a digest. */
export function toWebhookPayload(alert: FiredFields): WebhookPayload | null {
  const type = webhookTypeOf(alert.kind);
  if (!type) return null;
  const payload: WebhookPayload = {
    type,
    symbol: alert.symbol,
    msg: alert.msg,
    time: alert.time,
    price: alert.price,
    price_dist: alert.price_dist,
    uv: alert.uv,
    vwap: alert.vwap,
    vwap_dist: alert.vwap_dist,
  };
  if (alert.published_ts !== undefined) payload.published_ts = alert.published_ts;
  if (alert.filter !== undefined) payload.filter = alert.filter;
  if (alert.kind === 'halt') {
    if (alert.subtype) payload.subtype = alert.subtype;
    if (alert.reason_code !== undefined) payload.reason_code = alert.reason_code;
    const at = newYorkDateTime(alert.time);
    if (alert.subtype === 'resume') {
      payload.resume_date = at.date;
      payload.resume_time = at.time;
    } else {
      payload.halt_date = at.date;
      payload.halt_time = at.time;
    }
  }
  return payload;
}

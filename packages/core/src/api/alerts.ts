import { z } from 'zod';
import { alertMessages } from '../alerts/alertMessages.ts';
import { FILTERED_ALERTS_MAX, filteredAlertSchema } from '../alerts/filteredAlert.ts';
import { ALERT_TYPES, RULE_TYPES, STEP_UNITS } from '../alerts/rules.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

// The alert calls of dashboard spec §7, their answers, the socket's alert events and the
// webhook bodies. Semantics: docs/alerts.md.

const price = z.number().finite().positive().nullable().optional();

/** One rule as answered (§3 Alert). `category` is a symbol (upper-case) or a stream category. */
export const alertRuleSchema = z.object({
  id: z.number().int(),
  type: z.enum(ALERT_TYPES),
  category: z.string(),
  rate: z.number(),
  high: z.number().nullable(),
  low: z.number().nullable(),
  /** Hi/Low only: `rate` in dollars (absent, as before) or a percent of the last fired price. */
  unit: z.enum(STEP_UNITS).optional(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** POST /api/alerts. `rate` missing → the type's default; out of range → clamped (§9). */
export const createAlertRequestSchema = z
  .object({
    category: z.string().trim().min(1).max(32),
    rate: z.number().finite().nullable().optional(),
    high: price,
    low: price,
    type: z.enum(RULE_TYPES),
    /** Hi/Low only: the step's unit, dollars when absent. */
    unit: z.enum(STEP_UNITS).optional(),
  })
  .refine((b) => b.high == null || b.low == null || b.low <= b.high, {
    message: alertMessages.boundsInverted,
    path: ['low'],
  });
export type CreateAlertRequest = z.infer<typeof createAlertRequestSchema>;

/** PUT /api/alerts/{id}: the rate, and for price alerts optionally the bounds. */
export const updateAlertRequestSchema = z.object({
  category: z.string().trim().min(1).max(32),
  rate: z.number().finite().nullable().optional(),
  high: price,
  low: price,
  unit: z.enum(STEP_UNITS).optional(),
});
export type UpdateAlertRequest = z.infer<typeof updateAlertRequestSchema>;

export const alertIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** POST/PUT answer: the caller's whole list. DELETE answers the list as `data` itself (§7). */
export const alertListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ list: z.array(alertRuleSchema) }),
});
export const alertDeleteAnswerSchema = z.object({ success: z.literal(true), data: z.array(alertRuleSchema) });

export const haltToggleRequestSchema = z.object({ type: z.enum(['enabled', 'disabled']) });
export const haltToggleAnswerSchema = z.object({
  success: z.literal(true),
  data: alertRuleSchema.nullable(),
});

/** §9 webhook types, one URL each. */
export const WEBHOOK_TYPES = ['high_low', 'uvol', 'vwapdist', 'price', 'halts', 'conditional'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
export const WEBHOOK_URL_MAX = 2048;
export const alertWebhookSchema = z
  .object(
    Object.fromEntries(
      WEBHOOK_TYPES.map((t) => [t, z.string().trim().max(WEBHOOK_URL_MAX).optional()]),
    ) as Record<WebhookType, z.ZodOptional<z.ZodString>>,
  )
  .strict();
export type AlertWebhook = z.infer<typeof alertWebhookSchema>;
export const saveWebhookRequestSchema = z.object({ alert_webhook: alertWebhookSchema });

/** GET /api/alerts. `webhook_secret` is the caller's Standard Webhooks signing secret (whsec_…). */
export const alertsAnswerSchema = z.object({
  alerts: z.array(alertRuleSchema),
  filtered_alerts: z.array(filteredAlertSchema),
  alert_webhook: alertWebhookSchema,
  webhook_secret: z.string(),
});
export type AlertsAnswer = z.infer<typeof alertsAnswerSchema>;

export const saveFilteredAlertsRequestSchema = z.object({
  // The cap is checked by the action so the answer can be §7's `limit_exceeded`.
  filtered_alerts: z.array(filteredAlertSchema).max(100),
});
export const FILTERED_LIMIT_ERROR = 'limit_exceeded';
export { FILTERED_ALERTS_MAX };

export const validateFilteredAlertRequestSchema = z.object({
  content: filteredAlertSchema.pick({ name: true, type: true, values: true }).extend({
    sector: filteredAlertSchema.shape.sector.optional(),
    timeframe: filteredAlertSchema.shape.timeframe.optional(),
  }),
});
/**
 * `values`: [the most symbols a filtered alert may match, how many match now]. `problem`, only
 * when not valid: which rule failed, in §5's words (or §8's too-many-matches message).
 */
export const validateFilteredAlertAnswerSchema = z.object({
  valid: z.boolean(),
  values: z.tuple([z.number().int(), z.number().int()]),
  problem: z.string().optional(),
});

/** POST /api/alerts/device/{id}: `webpush` (a PushSubscription as JSON), or a native token. */
export const DEVICE_KINDS = ['webpush', 'apn', 'fcm'] as const;
export const deviceParamsSchema = z.object({ id: z.enum(DEVICE_KINDS) });
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }),
});
export const deviceRequestSchema = z.object({
  /** null removes this browser's (or device's) registration. */
  registration_id: z.string().min(1).max(4096).nullable(),
  /** For a removal: which registration; the endpoint of a web push subscription. */
  endpoint: z.string().max(2048).optional(),
});

/** The voice zones an alert is spoken in (§4): the client picks the zone's voice. */
export const VOICE_ZONES = [
  'filtered',
  'halt',
  'primary_high',
  'primary_low',
  'alt_high',
  'alt_low',
  'fav',
  'popular',
] as const;
export type VoiceZone = (typeof VOICE_ZONES)[number];

/**
 * A fired alert as the user's tabs receive it (socket `alert`, or `filteredAlerts` for a filtered
 * one) and as the outbox keeps it. Figures are those at the moment it fired; null when unknown.
 */
export const firedAlertSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  /** The outbox row: one per alert, so a tab can drop a repeat. */
  id: z.number().int(),
  kind: z.enum([...ALERT_TYPES, 'filtered', 'digest']),
  symbol: z.string(),
  msg: z.string(),
  /** When the event happened on the market's clock: the exchange time of the print that fired it. */
  time: z.number(),
  /**
   * When the server published it, on the same clock (the engine's batch or tick that fired it):
   * `published_ts − time` is how old the print was. Absent from an engine before issue 23.
   */
  published_ts: z.number().optional(),
  price: z.number().nullable(),
  price_dist: z.number().nullable(),
  uv: z.number().nullable(),
  vwap: z.number().nullable(),
  vwap_dist: z.number().nullable(),
  zone: z.enum(VOICE_ZONES).nullable(),
  /** Filtered alerts: the filter's name. */
  filter: z.string().optional(),
  /** Halts: halt or resume and the exchange's reason code. */
  subtype: z.enum(['halt', 'resume']).optional(),
  reason_code: z.string().optional(),
  /** Digests: the symbols folded into this one. */
  symbols: z.array(z.string()).optional(),
});
export type FiredAlert = z.infer<typeof firedAlertSchema>;

export const ALERT_EVENTS = {
  alert: 'alert',
  filtered: 'filteredAlerts',
  /** Client → server with an ack: the alerts fired while disconnected (docs/continuity.md §2). */
  resume: 'alerts_resume',
} as const;

/** At most this many alerts come back from one resume, and only those this recent (ms). */
export const ALERTS_RESUME_MAX = 200;
export const ALERTS_RESUME_WINDOW_MS = 2 * 60_000;

/** `alerts_resume`: the highest outbox id (`FiredAlert.id`) the tab holds; 0 when it has none. */
export const alertsResumeRequestSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  since: z.number().int().min(0),
});
export type AlertsResumeRequest = z.infer<typeof alertsResumeRequestSchema>;

/**
 * What an `alerts_resume` ack carries when served (core socketProtocol.ts wraps it): the socket's
 * user's alerts with an id above `since` that were delivered in the last ALERTS_RESUME_WINDOW_MS,
 * in id order, at most ALERTS_RESUME_MAX.
 */
export const alertsResumeAnswerSchema = z.object({
  alerts: z.array(firedAlertSchema).max(ALERTS_RESUME_MAX),
});

/** The JSON a webhook receives (§7). `time` is UTC ms; halts add their dates and times (New York). */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_TYPES),
  symbol: z.string(),
  msg: z.string(),
  /** The exchange time of the print that fired the alert (UTC ms). */
  time: z.number(),
  /** When the server published the alert (UTC ms, the market's clock): `published_ts − time` is its age. */
  published_ts: z.number().optional(),
  price: z.number().nullable(),
  price_dist: z.number().nullable(),
  uv: z.number().nullable(),
  vwap: z.number().nullable(),
  vwap_dist: z.number().nullable(),
  subtype: z.enum(['halt', 'resume']).optional(),
  reason_code: z.string().optional(),
  halt_date: z.string().optional(),
  halt_time: z.string().optional(),
  resume_date: z.string().optional(),
  resume_time: z.string().optional(),
  filter: z.string().optional(),
  symbols: z.array(z.string()).optional(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** Webhook deliveries as the Webhook modal lists them (newest first, the last 50). */
export const WEBHOOK_LOG_MAX = 50;
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  type: z.enum(WEBHOOK_TYPES),
  url: z.string(),
  symbol: z.string(),
  status: z.enum(['pending', 'delivered', 'failed', 'disabled']),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.number(),
  next_attempt_at: z.number().nullable(),
});
export const webhookDeliveriesAnswerSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookSecretAnswerSchema = z.object({ success: z.literal(true), webhook_secret: z.string() });
/** POST /api/alerts/webhook/test: one sample delivery queued per URL set (0 when none is). */
export const webhookTestAnswerSchema = z.object({ success: z.literal(true), queued: z.number().int() });

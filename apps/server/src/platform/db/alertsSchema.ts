import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { chatMessages } from './chatSchema.ts';
import { createdAt } from './columns.ts';
import { users } from './usersSchema.ts';

// Alerts: rules, settings, push devices, history, the outbox and its deliveries.
// schema.ts re-exports every module's tables for drizzle and drizzle-kit.

/** What the alert evaluator told a trader, newest first; kept to the newest ALERT_HISTORY_MAX each. */
export const alertHistory = pgTable(
  'alert_history',
  {
    /** Breaks ties between alerts of the same instant, so "newest first" is stable. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    msg: text('msg').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('alert_history_user_idx').on(t.userId, t.createdAt)],
);

/** A trader's alert rules (dashboard spec §3 Alert): one per (type, category). Semantics: docs/alerts.md. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['trade', 'uv', 'vwap', 'price', 'halt'] }).notNull(),
    /** A symbol (upper-case), a stream category (lower-case) or `halt`. */
    category: text('category').notNull(),
    rate: doublePrecision('rate').notNull(),
    high: doublePrecision('high'),
    low: doublePrecision('low'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('alert_rules_user_type_category').on(t.userId, t.type, t.category)],
);

/** Per trader: the filtered alerts (Pro Plus), webhook URLs per type and the webhook signing secret. */
export const alertSettings = pgTable('alert_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The validated list as core's filteredAlertSchema parsed it. */
  filteredAlerts: jsonb('filtered_alerts').notNull().default([]),
  alertWebhook: jsonb('alert_webhook').notNull().default({}),
  /** Standard Webhooks secret, `whsec_` + base64 of 32 random bytes. */
  webhookSecret: text('webhook_secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a trader's pushes go: web push subscriptions (endpoint + keys) or native tokens (apn, fcm). */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['webpush', 'apn', 'fcm'] }).notNull(),
    /** The push service endpoint URL, or the native registration token. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('push_devices_kind_endpoint').on(t.kind, t.endpoint),
    index('push_devices_user_idx').on(t.userId),
  ],
);

/**
 * Every fired alert, written before anything is sent (docs/alerts.md): `key` makes a second
 * write of the same firing a no-op, so two nodes that both heard it record it once. A row is
 * dispatched (history, sockets, delivery rows) by whichever node claims it first.
 */
export const alertOutbox = pgTable(
  'alert_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The fired alert (core firedAlertSchema without `v` and `id`). */
    alert: jsonb('alert').notNull(),
    createdAt: createdAt(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [index('alert_outbox_pending_idx').on(t.dispatchedAt, t.id)],
);

/**
 * What is owed outside the app: a web push to one device or a webhook POST to one URL, for a
 * fired alert (`outbox_id`) or a chat mention (`chat_message_id`, docs/chat.md "Mentions"),
 * exactly one of the two. Claimed with FOR UPDATE SKIP LOCKED, retried on the Standard Webhooks
 * schedule; the worker and the senders do not care which source a row has.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => alertOutbox.id, {
      onDelete: 'cascade',
    }),
    /** The message that mentioned the user (web push only). */
    chatMessageId: bigint('chat_message_id', { mode: 'number' }).references(() => chatMessages.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['push', 'webhook'] }).notNull(),
    /** The webhook URL, or the push device id. */
    target: text('target').notNull(),
    /** Webhooks: the type whose URL this is (high_low, uvol, …). */
    webhookType: text('webhook_type'),
    /** The alert's symbol; '' for a mention. */
    symbol: text('symbol').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'disabled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('alert_deliveries_once').on(t.outboxId, t.channel, t.target),
    unique('alert_deliveries_mention_once').on(t.chatMessageId, t.channel, t.target),
    check('alert_deliveries_one_source', sql`(${t.outboxId} is null) <> (${t.chatMessageId} is null)`),
    index('alert_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('alert_deliveries_user_idx').on(t.userId, t.channel, t.createdAt),
  ],
);

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertOutboxRow = typeof alertOutbox.$inferSelect;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
export type PushDeviceRow = typeof pushDevices.$inferSelect;
export type AlertHistoryRow = typeof alertHistory.$inferSelect;

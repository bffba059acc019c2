import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { chatMessages } from './chatSchema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** Stored trimmed and lower-cased; unique. */
  email: text('email').notNull().unique(),
  /** Null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  googleSub: text('google_sub').unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** When the current unverified signup began; it blocks the address for 2 hours. */
  signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
  username: text('username'),
  /** The username's identity (core `usernameKey`: NFKC, case folded); unique, so no two read alike. */
  usernameKey: text('username_key').unique(),
  /**
   * The username asked for at register, held by nobody until the address is verified: then it
   * becomes `username` if it is still free (it goes with the signup if that is abandoned).
   */
  requestedUsername: text('requested_username'),
  /** An address the user asked to move to; the verified `email` stays in force until it is confirmed. */
  pendingEmail: text('pending_email'),
  role: text('role', { enum: ['trader', 'mod', 'admin'] })
    .notNull()
    .default('trader'),
  chat: integer('chat').notNull().default(1),
  vibe: integer('vibe').notNull().default(0),
  curPosts: integer('cur_posts').notNull().default(0),
  totPosts: integer('tot_posts').notNull().default(0),
  service1yr: boolean('service1yr').notNull().default(false),
  vip: boolean('vip').notNull().default(false),
  profileImage: text('profile_image'),
  chatNotification: boolean('chat_notification').notNull().default(true),
  banExpAt: timestamp('ban_exp_at', { withTimezone: true }),
  /** Bumped on password change or reset: every token carrying an older version is refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset', 'email_change'] }).notNull(),
    /** SHA-256 of the token; the token itself only ever exists in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The address a verify token proves; a later email change makes the token useless. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.kind)],
);

export const devMail = pgTable('dev_mail', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  links: jsonb('links').$type<string[]>().notNull(),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;

/**
 * One signed-in browser: every access token names its session, checked on every request, so a
 * logout, a password change, a role change or a chat ban ends it at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Addresses an account has signed in from (a SHA-256 of user id and IP, never the IP): these
 * pass the per-account login limit, so a flood of failures from elsewhere never locks the owner out.
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

/**
 * Personal API keys (docs/api.md): `key_id` is the part of the key shown in lists
 * (`tl_live_<key_id>_…`), `key_hash` the SHA-256 of the whole key, compared in constant time.
 * The key itself is never stored. A revoked key keeps its row (revoked_at) for the record.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyId: text('key_id').notNull().unique(),
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export type SessionRow = typeof sessions.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The saved card of a billing customer, as the provider reported it (never the number). */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  /** The provider's payment method (local: the card token's id, whose test behaviour applies). */
  paymentMethodId: text('payment_method_id'),
  cardKind: text('card_kind'),
  cardLast4: text('card_last_4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    /** The provider's id (local: `sub_…`, stripe: Stripe's). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    plan: text('plan').notNull(),
    /** Cents per interval after any coupon. */
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    couponId: text('coupon_id'),
    percentOff: integer('percent_off'),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Failed charge attempts in a row (local lifecycle: past_due, then unpaid). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    planId: text('plan_id').notNull(),
    /** Cents; negative for a credit. */
    total: integer('total').notNull(),
    status: text('status', { enum: ['paid', 'open', 'failed', 'void'] }).notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.created)],
);

/** Card tokens of the local test-mode provider: single use, like Stripe's. */
export const localCardTokens = pgTable('local_card_tokens', {
  id: text('id').primaryKey(),
  cardKind: text('card_kind').notNull(),
  last4: text('last_4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  name: text('name').notNull(),
  /** What Stripe's matching test number does: succeed, or fail on attach or on charge. */
  behaviour: text('behaviour').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Provider webhook events already applied, so a redelivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Profile pictures, re-encoded by the server; kept in the database so nothing is lost. */
export const profileImages = pgTable('profile_images', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** Clicks and searches per symbol; the score halves every few hours so "popular" means now. */
export const symbolPopularity = pgTable('symbol_popularity', {
  symbol: text('symbol').primaryKey(),
  /** The decayed score as of `updatedAt`. */
  score: doublePrecision('score').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A trader's dashboard settings, each part as the JSON text the client saved (validated by the
 * core schemas first); a null part was never saved and the client uses its defaults.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  config: text('config'),
  discovery: text('discovery'),
  layout: text('layout'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** Hi/Low only: `rate` in dollars or a percent of the last fired price (issue 27). */
    unit: text('unit', { enum: ['dollar', 'percent'] })
      .notNull()
      .default('dollar'),
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
export type UserSettingsRow = typeof userSettings.$inferSelect;
export type AlertHistoryRow = typeof alertHistory.$inferSelect;

export * from './chatSchema.ts';
export * from './quotesNewsSchema.ts';

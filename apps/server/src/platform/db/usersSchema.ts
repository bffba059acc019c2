import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';

// Accounts: users, their sessions, sign-in tokens, API keys, pictures and dashboard settings.
// schema.ts re-exports every module's tables for drizzle and drizzle-kit.

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

/** Profile pictures, re-encoded by the server; kept in the database so nothing is lost. */
export const profileImages = pgTable('profile_images', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

export type UserSettingsRow = typeof userSettings.$inferSelect;

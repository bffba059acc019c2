import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './usersSchema.ts';

// The community chat (docs/chat.md "Model"), beside schema.ts which re-exports it for drizzle
// and drizzle-kit. Times are written from the injected clock, never the database's now().

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Channels are data: seeded by the migration, in `position` order. */
export const chatChannels = pgTable('chat_channels', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull(),
  /** Seconds between one user's posts in this channel; 0: off. Set by mods. */
  slowModeS: integer('slow_mode_s').notNull().default(0),
});

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: text('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The trimmed plain text as typed. */
    text: text('text').notNull(),
    /** The rendered, sanitized HTML served as `content`. */
    content: text('content').notNull(),
    replyTo: bigint('reply_to', { mode: 'number' }),
    /** The `$SYMBOL`s linked in it: the `s` search. */
    symbols: text('symbols').array().notNull().default(sql`'{}'::text[]`),
    /** The sum of its votes. */
    vote: integer('vote').notNull().default(0),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by'),
    /** The sender's id for this post (chat_send `clientId`): a retried send is stored once. */
    clientId: text('client_id'),
  },
  (t) => [
    unique('chat_messages_client_once').on(t.userId, t.clientId),
    index('chat_messages_channel_time').on(t.channelId, t.createdAt.desc(), t.id.desc()),
    index('chat_messages_user_time').on(t.userId, t.createdAt.desc()),
    index('chat_messages_symbols').using('gin', t.symbols),
  ],
);

/** One vote per user per message; value 0 deletes the row. */
export const chatVotes = pgTable(
  'chat_votes',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/** Every ban and lift; users.ban_exp_at holds the active ban's end. */
export const chatBans = pgTable(
  'chat_bans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull(),
    /** null: the ban was lifted (minutes 0). */
    until: at('until'),
  },
  (t) => [index('chat_bans_user').on(t.userId, t.createdAt.desc())],
);

/** This month's posts and votes received per user (month 'YYYY-MM', UTC). */
export const chatUserStats = pgTable(
  'chat_user_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    posts: integer('posts').notNull().default(0),
    vibe: integer('vibe').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

export type ChatChannelRow = typeof chatChannels.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

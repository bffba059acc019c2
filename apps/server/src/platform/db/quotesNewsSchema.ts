import {
  bigint,
  boolean,
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
import { users } from './usersSchema.ts';

// Favourite quotes and the news store (docs/quotes-news.md), beside schema.ts so that neither
// file grows past a screenful of tables. schema.ts re-exports these for drizzle and drizzle-kit.

/** A trader's favourite quotes, in `position` order (0..n−1, rewritten whole on reorder). */
export const quotes = pgTable(
  'quotes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    position: integer('position').notNull(),
    /** The pin price; null: none. */
    pin: doublePrecision('pin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.symbol] }),
    index('quotes_user_position').on(t.userId, t.position),
  ],
);

/**
 * Stored articles, deduped by any of three keys (docs/quotes-news.md "Store"): the source's own
 * id, the canonical URL's hash, and the title+day hash for wire copies under two URLs.
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    publisher: text('publisher').notNull(),
    kind: text('kind', { enum: ['news', 'filing'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url'),
    imageUrl: text('image_url'),
    symbols: text('symbols').array().notNull().default([]),
    /** {details: sanitized HTML | null, description, linkToFilingDetails, form}. */
    details: jsonb('details').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
    urlKey: text('url_key').unique(),
    titleKey: text('title_key').unique(),
    canonicalUrl: text('canonical_url'),
    canonicalCheckedAt: timestamp('canonical_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('news_articles_source_id').on(t.source, t.sourceId),
    index('news_published').on(t.publishedAt.desc(), t.id.desc()),
  ],
);

/** One row per (symbol, article): the symbol and fav filters, and the engine's news times. */
export const newsSymbols = pgTable(
  'news_symbols',
  {
    symbol: text('symbol').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    isFiling: boolean('is_filing').notNull(),
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.publishedAt, t.articleId] })],
);

export type QuoteRow = typeof quotes.$inferSelect;
export type NewsArticleRow = typeof newsArticles.$inferSelect;

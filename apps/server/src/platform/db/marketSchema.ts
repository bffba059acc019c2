import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The market module: what traders look at now.
// schema.ts re-exports every module's tables for drizzle and drizzle-kit.

/** Clicks and searches per symbol; the score halves every few hours so "popular" means now. */
export const symbolPopularity = pgTable('symbol_popularity', {
  symbol: text('symbol').primaryKey(),
  /** The decayed score as of `updatedAt`. */
  score: doublePrecision('score').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

import { NEWS_TOTAL_CAP, type NewsArticle, type NewsQuery } from '@tapeline/core';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { newsArticles, newsSymbols } from '../../../platform/db/schema.ts';
import type { ArticleDetails, PreparedArticle } from '../ingest/prepareArticle.ts';

// The news store (docs/quotes-news.md §3 "Store"): dedupe in one INSERT … ON CONFLICT DO NOTHING,
// keyset pages by (published_at, id), the symbol filters through news_symbols, retention.

type ArticleRow = typeof newsArticles.$inferSelect;

/** The API's article (§3 News item): the stored row without its keys and bookkeeping. */
export function toArticle(row: ArticleRow): NewsArticle {
  const details = row.details as ArticleDetails;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    imageUrl: row.imageUrl,
    symbols: row.symbols,
    publishedAt: row.publishedAt.toISOString(),
    kind: row.kind,
    source: { id: row.source as NewsArticle['source']['id'], name: row.publisher },
    details: {
      details: details.details ?? null,
      description: details.description ?? row.description,
      linkToFilingDetails: details.linkToFilingDetails ?? null,
    },
  };
}

export type InsertOutcome =
  | { kind: 'inserted'; article: NewsArticle }
  /** An Alpaca item seen again with a later updated_at: rewritten in place, not pushed. */
  | { kind: 'updated' }
  | { kind: 'duplicate' };

/** What a query matches, paging aside: filings left out (ig_rf), and the symbols' articles. */
function filters(db: Db, query: Pick<NewsQuery, 'symbols' | 'ig_rf'>): SQL[] {
  const where: SQL[] = [];
  if (query.ig_rf) where.push(ne(newsArticles.kind, 'filing'));
  if (query.symbols.length > 0) {
    const tagged = db
      .select({ id: newsSymbols.articleId })
      .from(newsSymbols)
      .where(inArray(newsSymbols.symbol, query.symbols));
    where.push(inArray(newsArticles.id, tagged));
  }
  return where;
}

export function createNewsRepository(db: Db) {
  return {
    /**
     * Stores an article unless any of its three keys is taken (first arrival wins), with its
     * symbol rows in the same transaction. Two nodes racing on one bus message: one gets the id.
     */
    async insert(article: PreparedArticle): Promise<InsertOutcome> {
      const inserted = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsArticles)
          .values({
            source: article.source,
            sourceId: article.sourceId,
            publisher: article.publisher,
            kind: article.kind,
            title: article.title,
            description: article.description,
            url: article.url,
            imageUrl: article.imageUrl,
            symbols: article.symbols,
            details: article.details,
            publishedAt: article.publishedAt,
            sourceUpdatedAt: article.sourceUpdatedAt,
            urlKey: article.urlKey,
            titleKey: article.titleKey,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        if (article.symbols.length > 0) {
          await tx.insert(newsSymbols).values(
            article.symbols.map((symbol) => ({
              symbol,
              publishedAt: article.publishedAt,
              isFiling: article.kind === 'filing',
              articleId: row.id,
            })),
          );
        }
        return row;
      });
      if (inserted) return { kind: 'inserted', article: toArticle(inserted) };
      if (article.source === 'alpaca' && article.sourceUpdatedAt) {
        const updated = await db
          .update(newsArticles)
          .set({
            title: article.title,
            description: article.description,
            details: article.details,
            sourceUpdatedAt: article.sourceUpdatedAt,
          })
          .where(
            and(
              eq(newsArticles.source, 'alpaca'),
              eq(newsArticles.sourceId, article.sourceId),
              or(
                isNull(newsArticles.sourceUpdatedAt),
                lt(newsArticles.sourceUpdatedAt, article.sourceUpdatedAt),
              ),
            ),
          )
          .returning({ id: newsArticles.id });
        if (updated.length > 0) return { kind: 'updated' };
      }
      return { kind: 'duplicate' };
    },

    /** One page, newest first, and how many match in all (counted up to NEWS_TOTAL_CAP). */
    async list(query: NewsQuery): Promise<{ total: number; articles: NewsArticle[] }> {
      const where = filters(db, query);
      const page = [...where];
      if (query.last_id !== undefined && query.publishedAt !== undefined) {
        page.push(
          sql`(${newsArticles.publishedAt}, ${newsArticles.id}) < (${new Date(query.publishedAt).toISOString()}::timestamptz, ${query.last_id})`,
        );
      }
      const rows = await db
        .select()
        .from(newsArticles)
        .where(and(...page))
        .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
        .limit(query.limit);
      const capped = db
        .select({ one: sql`1` })
        .from(newsArticles)
        .where(and(...where))
        .limit(NEWS_TOTAL_CAP)
        .as('capped');
      const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
      return { total: counted?.n ?? 0, articles: rows.map(toArticle) };
    },

    /** The newest article time per (symbol, filing) since `since`: what the engine marks. */
    async newestTimes(since: Date): Promise<[string, number, 0 | 1][]> {
      const rows = await db
        .select({
          symbol: newsSymbols.symbol,
          isFiling: newsSymbols.isFiling,
          newest: sql<Date>`max(${newsSymbols.publishedAt})`.mapWith(newsSymbols.publishedAt),
        })
        .from(newsSymbols)
        .where(gt(newsSymbols.publishedAt, since))
        .groupBy(newsSymbols.symbol, newsSymbols.isFiling);
      return rows.map((row) => [row.symbol, row.newest.getTime(), row.isFiling ? 1 : 0]);
    },

    /** Deletes what was published before `cutoff` (symbol rows cascade); answers how many. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const gone = await db
        .delete(newsArticles)
        .where(lt(newsArticles.publishedAt, cutoff))
        .returning({ id: newsArticles.id });
      return gone.length;
    },

    /** What extract needs of one article; null when there is none. */
    async linkOf(id: number) {
      const [row] = await db
        .select({
          source: newsArticles.source,
          url: newsArticles.url,
          canonicalUrl: newsArticles.canonicalUrl,
          canonicalCheckedAt: newsArticles.canonicalCheckedAt,
        })
        .from(newsArticles)
        .where(eq(newsArticles.id, id));
      return row ?? null;
    },

    async setCanonical(id: number, url: string, at: Date): Promise<void> {
      await db
        .update(newsArticles)
        .set({ canonicalUrl: url, canonicalCheckedAt: at })
        .where(eq(newsArticles.id, id));
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;

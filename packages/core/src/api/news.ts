import { z } from 'zod';
import {
  NEWS_KINDS,
  NEWS_PAGE_DEFAULT,
  NEWS_PAGE_MAX,
  NEWS_SOURCE_NAMES,
  newsMessages,
} from '../news/newsMessages.ts';
import { symbolSchema } from '../rules/symbol.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

// The news calls of discovery spec §7, the socket's pushed articles, and the bus messages
// between the news sources (beside the engine) and the API nodes that store them.
// Semantics: docs/quotes-news.md §3.

/** One article as answered (§3 News item); `details.details` is sanitized HTML. */
export const newsArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  symbols: z.array(z.string()),
  publishedAt: z.string(),
  kind: z.enum(NEWS_KINDS),
  source: z.object({ id: z.enum(NEWS_SOURCE_NAMES), name: z.string() }),
  details: z.object({
    details: z.string().nullable(),
    description: z.string(),
    linkToFilingDetails: z.string().nullable(),
  }),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .default('0')
  .transform((v) => v === '1' || v === 'true');

/** An ISO time or epoch milliseconds, as ms. */
const instant = z.union([
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
  z
    .string()
    .datetime({ offset: true })
    .transform((s) => Date.parse(s)),
]);

/** GET /api/news: symbols (none = all), ig_rf, and keyset paging by last_id + publishedAt. */
export const newsQuerySchema = z
  .object({
    symbols: z
      .string()
      .max(100 * 17)
      .optional()
      .transform((s) => (s ? s.split(',').filter((x) => x.trim() !== '') : []))
      .pipe(z.array(symbolSchema).max(100)),
    ig_rf: flag,
    last_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    publishedAt: instant.optional(),
    limit: z.coerce.number().int().min(1).max(NEWS_PAGE_MAX).default(NEWS_PAGE_DEFAULT),
  })
  .refine((q) => (q.last_id === undefined) === (q.publishedAt === undefined), {
    message: newsMessages.pagingPair,
    path: ['last_id'],
  });
export type NewsQuery = z.infer<typeof newsQuerySchema>;

export const newsAnswerSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  articles: z.array(newsArticleSchema),
});
export type NewsAnswer = z.infer<typeof newsAnswerSchema>;

/** POST /api/news/extract {id} → {url}: the canonical article URL (null when it has none). */
export const newsExtractRequestSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const newsExtractAnswerSchema = z.object({ url: z.string().nullable() });

/** Socket events: a tab joins the news room; new articles arrive as `news`. */
export const NEWS_EVENTS = {
  subscribe: 'news_subscribe',
  unsubscribe: 'news_unsubscribe',
  update: 'news',
} as const;
export const newsSubscribeSchema = z.object({ v: z.literal(PROTOCOL_VERSION) });
export const newsFrameSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  articles: z.array(newsArticleSchema),
});
export type NewsFrame = z.infer<typeof newsFrameSchema>;

/** An article as a source hands it over, before sanitizing and storing. Times in ms. */
export const newsDraftSchema = z.object({
  source: z.enum(NEWS_SOURCE_NAMES),
  sourceId: z.string().min(1).max(300),
  publisher: z.string().min(1).max(200),
  kind: z.enum(NEWS_KINDS),
  title: z.string().min(1).max(2000),
  description: z.string().max(20_000),
  url: z.string().url().max(2048).nullable(),
  imageUrl: z.string().url().max(2048).nullable(),
  symbols: z.array(z.string().max(16)).max(50),
  bodyHtml: z.string().max(100_000).nullable(),
  linkToFilingDetails: z.string().url().max(2048).nullable(),
  form: z.string().max(20).nullable(),
  publishedAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative().nullable(),
});
export type NewsDraft = z.infer<typeof newsDraftSchema>;

export const NEWS_TOPICS = {
  /** sources → API nodes: drafts to store (≤ 50 a message). */
  articles: 'news:articles',
  /** API node that stored them → engine: each symbol's newest times. */
  times: 'news:times',
  /** engine → API nodes: send me the newest times of the last days (the engine started). */
  sync: 'news:sync',
} as const;

export const newsArticlesMessageSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  articles: z.array(z.unknown()).max(50),
});
/** [symbol, published ms, 1 when a filing]. */
export const newsTimeRowSchema = z.tuple([z.string(), z.number(), z.union([z.literal(0), z.literal(1)])]);
export const newsTimesMessageSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  items: z.array(newsTimeRowSchema),
});
export type NewsTimesMessage = z.infer<typeof newsTimesMessageSchema>;
export const newsSyncMessageSchema = z.object({ v: z.literal(PROTOCOL_VERSION), engine: z.string() });

import {
  messages,
  newsAnswerSchema,
  newsExtractAnswerSchema,
  newsExtractRequestSchema,
  newsQuerySchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import type { Input } from '../../platform/http/validate.ts';
import type { ResolveAll } from '../alerts/webhooks/webhookTarget.ts';
import type { V1Routes } from '../apiV1/v1Routes.ts';
import { extractArticleUrl } from './extract/extractArticleUrl.ts';
import type { NewsRepository } from './store/repository.ts';

/** The query's own wording where core gives one (the paging pair, a bad symbol); else the generic one. */
const QUERY: Input<ReturnType<typeof newsQuerySchema.parse>> = {
  schema: newsQuerySchema,
  code: 'invalid_query',
  message: (issue) => (issue?.code === 'custom' ? issue.message : messages.malformedRequest),
};

export interface NewsRouteOptions {
  /** Tests: resolve names without DNS, and a short extract deadline. */
  resolve?: ResolveAll;
  extractTimeoutMs?: number;
  /** The traders' API (modules/apiV1): the same list under /api/v1 with a personal key. */
  v1?: V1Routes;
}

/** GET /api/news and POST /api/news/extract (docs/quotes-news.md §3): subscribers, rate-limited per trader. */
export function newsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  news: NewsRepository,
  options: NewsRouteOptions = {},
): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/news',
      guard: guards.subscriber,
      afterGuard: (principal) => ctx.limiter.consume('newsRead', principal.user.id),
      query: QUERY,
      response: newsAnswerSchema,
    },
    async ({ query }) => ({ success: true as const, ...(await news.list(query)) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/news/extract',
      guard: guards.subscriber,
      afterGuard: (principal) => ctx.limiter.consume('newsExtract', principal.user.id),
      body: { schema: newsExtractRequestSchema, code: 'bad_request' },
      bodyLimit: 1024,
      response: newsExtractAnswerSchema,
    },
    async ({ body }) =>
      extractArticleUrl(
        {
          news,
          clock: ctx.clock,
          allowPrivate: ctx.config.webhookAllowPrivate,
          resolve: options.resolve,
          timeoutMs: options.extractTimeoutMs,
        },
        body.id,
      ),
  );

  options.v1?.route('listNews', async ({ query }) => ({
    success: true as const,
    ...(await news.list(query)),
  }));
}

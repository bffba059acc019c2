import { newsMessages } from '@tapeline/core';
import type { Clock } from '../../../platform/clock.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import { publicOnlyLookup, type ResolveAll, systemResolve } from '../../alerts/webhooks/webhookTarget.ts';
import type { NewsRepository } from '../store/repository.ts';
import { fetchCanonical } from './fetchCanonical.ts';

export interface ExtractDeps {
  news: NewsRepository;
  clock: Clock;
  allowPrivate: boolean;
  /** DNS, injected by tests so that no query leaves the machine. */
  resolve?: ResolveAll;
  /** The whole exchange's deadline (5 s); tests shorten it. */
  timeoutMs?: number;
}

/**
 * POST /api/news/extract {id} → {url}: the article's canonical URL. Unknown id → 404; otherwise
 * always an answer: a canonical checked before, the sec url as is (EDGAR's are canonical), null
 * without a url, else one fetch of the page, whose finding is stored with the time. Any failure
 * answers the article's own url, so 'Read article' always has somewhere to go.
 */
export async function extractArticleUrl(deps: ExtractDeps, id: number): Promise<{ url: string | null }> {
  const article = await deps.news.linkOf(id);
  if (!article) throw new HttpError(404, 'not_found', newsMessages.notFound);
  if (article.canonicalCheckedAt && article.canonicalUrl) return { url: article.canonicalUrl };
  if (!article.url || article.source === 'sec') return { url: article.url };
  const canonical = await fetchCanonical(article.url, {
    lookup: publicOnlyLookup(deps.resolve ?? systemResolve, deps.allowPrivate),
    allowPrivate: deps.allowPrivate,
    timeoutMs: deps.timeoutMs,
    clock: deps.clock,
  });
  if (!canonical) return { url: article.url };
  await deps.news.setCanonical(id, canonical, new Date(deps.clock.now()));
  return { url: canonical };
}

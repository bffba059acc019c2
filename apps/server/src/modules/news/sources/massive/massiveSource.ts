import type { NewsDraft } from '@tapeline/core';
import { tagSymbols } from '../../ingest/tagSymbols.ts';
import { expectOk, fetchText, parseJsonBody } from '../common/httpFetch.ts';
import { loopedSource } from '../common/loopedSource.ts';
import { parseNewsDate } from '../common/newsDates.ts';
import {
  GatedSink,
  listedOrNull,
  type NewsSourceCommonOptions,
  resolveCommon,
} from '../common/sourceOptions.ts';
import { emptyNewsStats, SeenIds } from '../common/sourceStats.ts';
import { superviseLoop } from '../common/supervise.ts';
import { capText, htmlToText, httpUrl } from '../common/text.ts';
import type { NewsSource } from '../newsSource.ts';

// Massive (formerly Polygon) reference news (docs/quotes-news.md §3 "massive"): each poll asks
// GET $MASSIVE_NEWS_URL?published_utc.gt=<newest seen, or now − backfill>&order=asc
// &sort=published_utc&limit=100 with `Authorization: Bearer <key>` and follows `next_url` until
// null. Answer: {status, request_id, count, next_url, results:[{id, publisher:{name}, title,
// author, published_utc, article_url, tickers, image_url, description, keywords}]}.

export interface MassiveSourceOptions extends NewsSourceCommonOptions {
  /** MASSIVE_API_KEY. */
  apiKey: string;
  /** MASSIVE_NEWS_URL: `https://api.massive.com/v2/reference/news`. */
  url: string;
  /** NEWS_BACKFILL_HOURS × 3,600,000 (default 24 h): how far back the first poll reaches. */
  backfillMs?: number;
  /** Pages followed in one poll (default 20); the rest wait for the next poll. */
  maxPages?: number;
  maxBytes?: number;
}

export const DEFAULT_BACKFILL_MS = 24 * 60 * 60_000;

export function createMassiveSource(options: MassiveSourceOptions): NewsSource {
  const c = resolveCommon(options);
  const stats = emptyNewsStats();
  const gate = new GatedSink();
  const seen = new SeenIds();
  const origin = new URL(options.url).origin;
  /** The newest published_utc handed over, as Massive wrote it. */
  let newest: { text: string; ms: number } | null = null;

  const poll = async (signal: AbortSignal) => {
    const first = new URL(options.url);
    const since =
      newest?.text ?? new Date(c.clock.now() - (options.backfillMs ?? DEFAULT_BACKFILL_MS)).toISOString();
    first.searchParams.set('published_utc.gt', since);
    first.searchParams.set('order', 'asc');
    first.searchParams.set('sort', 'published_utc');
    first.searchParams.set('limit', '100');
    let next: string | null = first.href;
    for (let page = 0; next && page < (options.maxPages ?? 20); page++) {
      const res = await fetchText(
        next,
        { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        { maxBytes: options.maxBytes, signal },
      );
      expectOk(res, 'Massive news', 'MASSIVE_API_KEY');
      const body = parseJsonBody(res.body, 'Massive news') as { results?: unknown; next_url?: unknown };
      if (!body || typeof body !== 'object' || !Array.isArray(body.results))
        throw new Error('Massive news answered no results array');
      await deliver(body.results, signal);
      next = nextPage(body.next_url);
    }
  };

  // The key goes only to the configured origin: a next_url elsewhere ends the paging.
  const nextPage = (value: unknown): string | null => {
    if (typeof value !== 'string' || value === '') return null;
    try {
      const url = new URL(value, options.url);
      if (url.origin === origin) return url.href;
    } catch {}
    c.logger.warn(`massive: next_url outside ${origin} not followed`);
    return null;
  };

  const deliver = async (results: unknown[], signal: AbortSignal) => {
    const listed = await listedOrNull(c.listed);
    const now = c.clock.now();
    const drafts: NewsDraft[] = [];
    for (const raw of results) {
      const draft = toDraft(raw, listed, now);
      if (!draft) {
        stats.malformed++;
        continue;
      }
      const published = (raw as { published_utc: string }).published_utc;
      const ms = Date.parse(published);
      if (Number.isFinite(ms) && ms <= now + 5 * 60_000 && (!newest || ms > newest.ms))
        newest = { text: published, ms };
      if (seen.add(draft.sourceId)) drafts.push(draft);
    }
    if (!signal.aborted) stats.received += gate.deliver(drafts);
  };

  return loopedSource('massive', stats, gate, (sink) => {
    if (!options.apiKey) throw new Error('massive: MASSIVE_API_KEY is required');
    gate.open(sink);
    return [superviseLoop('massive', c, stats, poll)];
  });
}

function toDraft(raw: unknown, listed: ReadonlySet<string> | null, now: number): NewsDraft | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : '';
  const title = typeof r.title === 'string' ? capText(htmlToText(r.title), 2000) : '';
  if (!id || !title || typeof r.published_utc !== 'string') return null;
  const publisher = (r.publisher as { name?: unknown } | null)?.name;
  const description = typeof r.description === 'string' ? htmlToText(r.description) : '';
  return {
    source: 'massive',
    sourceId: capText(id, 300),
    publisher: typeof publisher === 'string' && publisher.trim() ? capText(publisher.trim(), 200) : 'Massive',
    kind: 'news',
    title,
    description,
    url: httpUrl(r.article_url),
    imageUrl: httpUrl(r.image_url),
    symbols: tagSymbols({ vendor: Array.isArray(r.tickers) ? (r.tickers as string[]) : [] }, listed),
    // Massive carries no body: the description stands in for it.
    bodyHtml: description || null,
    linkToFilingDetails: null,
    form: null,
    publishedAt: parseNewsDate(r.published_utc, now),
    updatedAt: null,
  };
}

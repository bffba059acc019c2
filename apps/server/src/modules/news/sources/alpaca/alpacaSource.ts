import type { NewsDraft } from '@tapeline/core';
import type { PollLoop } from '../../ingest/pollLoop.ts';
import { tagSymbols } from '../../ingest/tagSymbols.ts';
import { expectOk, fetchText, parseJsonBody } from '../common/httpFetch.ts';
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
import type { NewsSink, NewsSource, NewsStats } from '../newsSource.ts';
import { NewsSocket } from './newsSocket.ts';

// Alpaca news (docs/quotes-news.md §3 "alpaca"): the websocket for live items, and the REST
// history (GET $ALPACA_NEWS_REST_URL?start=<now − backfill>&sort=desc&limit=50
// &include_content=true[&page_token=…], APCA-API-KEY-ID / APCA-API-SECRET-KEY headers →
// {news:[…], next_page_token}) at start and on every poll while the socket is down. Map: id →
// source_id, headline → title, summary → description, content → body, url, image thumb (else
// small), symbols, created_at → publishedAt, updated_at → updatedAt, source → publisher.

export interface AlpacaNewsSourceOptions extends NewsSourceCommonOptions {
  /** ALPACA_KEY_ID / ALPACA_SECRET_KEY. */
  keyId: string;
  secretKey: string;
  /** ALPACA_NEWS_WS_URL: `wss://stream.data.alpaca.markets/v1beta1/news`. */
  wsUrl: string;
  /** ALPACA_NEWS_REST_URL: `https://data.alpaca.markets/v1beta1/news`. */
  restUrl: string;
  /** NEWS_BACKFILL_HOURS × 3,600,000 (default 24 h). */
  backfillMs?: number;
  /** History pages read in one poll (default 10). */
  maxPages?: number;
  maxBytes?: number;
  /** Wait after a 406 connection-limit refusal (default 10 min). */
  limitWaitMs?: number;
  /** Websocket ping interval (default 30 s). */
  heartbeatMs?: number;
}

const DEFAULT_BACKFILL_MS = 24 * 60 * 60_000;

export function createAlpacaNewsSource(options: AlpacaNewsSourceOptions): NewsSource {
  const c = resolveCommon(options);
  const stats = emptyNewsStats();
  const gate = new GatedSink();
  // An item comes again when updated: the store updates it in place (id + updated_at).
  const seen = new SeenIds();
  let socket: NewsSocket | null = null;
  let loop: PollLoop | null = null;
  let up = false;
  let historyRead = false;

  const deliver = async (items: readonly unknown[]) => {
    const listed = await listedOrNull(c.listed);
    const now = c.clock.now();
    const drafts: NewsDraft[] = [];
    for (const raw of items) {
      const draft = toDraft(raw, listed, now);
      if (!draft) {
        stats.malformed++;
        continue;
      }
      if (seen.add(`${draft.sourceId}:${draft.updatedAt ?? ''}`)) drafts.push(draft);
    }
    stats.received += gate.deliver(drafts);
  };

  const pollHistory = async (signal: AbortSignal) => {
    if (up && historyRead) return;
    const headers = {
      'APCA-API-KEY-ID': options.keyId,
      'APCA-API-SECRET-KEY': options.secretKey,
      accept: 'application/json',
    };
    const start = new Date(c.clock.now() - (options.backfillMs ?? DEFAULT_BACKFILL_MS)).toISOString();
    let token: string | null = null;
    for (let page = 0; page < (options.maxPages ?? 10); page++) {
      const url = new URL(options.restUrl);
      url.searchParams.set('start', start);
      url.searchParams.set('sort', 'desc');
      url.searchParams.set('limit', '50');
      url.searchParams.set('include_content', 'true');
      if (token) url.searchParams.set('page_token', token);
      const res = await fetchText(url.href, headers, { maxBytes: options.maxBytes, signal });
      expectOk(res, 'Alpaca news', 'ALPACA_KEY_ID and ALPACA_SECRET_KEY');
      const body = parseJsonBody(res.body, 'Alpaca news') as { news?: unknown; next_page_token?: unknown };
      if (!body || typeof body !== 'object' || !Array.isArray(body.news))
        throw new Error('Alpaca news answered no news array');
      if (signal.aborted) return;
      await deliver(body.news);
      token = typeof body.next_page_token === 'string' && body.next_page_token ? body.next_page_token : null;
      if (!token) break;
    }
    historyRead = true;
  };

  return {
    name: 'alpaca',
    async start(sink: NewsSink) {
      if (!options.keyId || !options.secretKey)
        throw new Error('alpaca: ALPACA_KEY_ID and ALPACA_SECRET_KEY are required');
      gate.open(sink);
      socket = new NewsSocket({
        url: options.wsUrl,
        keyId: options.keyId,
        secretKey: options.secretKey,
        clock: c.clock,
        random: c.random,
        logger: c.logger,
        limitWaitMs: options.limitWaitMs,
        heartbeatMs: options.heartbeatMs,
        onNews: (items) => {
          stats.lastOkAt = c.clock.now();
          void deliver(items).catch((error: Error) => c.logger.warn(`alpaca news: ${error.message}`));
        },
        onMalformed: () => {
          stats.malformed++;
        },
        onUpChange: (value) => {
          up = value;
        },
      });
      socket.start();
      loop = superviseLoop('alpaca news history', c, stats, pollHistory);
    },
    async stop() {
      gate.close();
      socket?.stop();
      socket = null;
      await loop?.stop();
      loop = null;
    },
    stats: (): NewsStats => ({ ...stats }),
  };
}

/** "benzinga" → "Benzinga". */
function publisherName(source: unknown): string {
  if (typeof source !== 'string' || !source.trim()) return 'Alpaca';
  const s = source.trim();
  return capText(s[0]?.toUpperCase() + s.slice(1), 200);
}

function imageOf(images: unknown): string | null {
  if (!Array.isArray(images)) return null;
  const bySize = (size: string) =>
    images.find((i) => (i as { size?: unknown })?.size === size) as { url?: unknown } | undefined;
  return httpUrl((bySize('thumb') ?? bySize('small'))?.url);
}

function toDraft(raw: unknown, listed: ReadonlySet<string> | null, now: number): NewsDraft | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = typeof r.id === 'number' || typeof r.id === 'string' ? String(r.id) : '';
  const title = typeof r.headline === 'string' ? capText(htmlToText(r.headline), 2000) : '';
  if (!id || !title) return null;
  const content = typeof r.content === 'string' && r.content.trim() ? capText(r.content, 100_000) : null;
  return {
    source: 'alpaca',
    sourceId: id,
    publisher: publisherName(r.source),
    kind: 'news',
    title,
    description: typeof r.summary === 'string' ? htmlToText(r.summary) : '',
    url: httpUrl(r.url),
    imageUrl: imageOf(r.images),
    symbols: tagSymbols({ vendor: Array.isArray(r.symbols) ? (r.symbols as string[]) : [] }, listed),
    bodyHtml: content,
    linkToFilingDetails: null,
    form: null,
    publishedAt: parseNewsDate(typeof r.created_at === 'string' ? r.created_at : null, now),
    updatedAt: typeof r.updated_at === 'string' ? parseNewsDate(r.updated_at, now) : null,
  };
}

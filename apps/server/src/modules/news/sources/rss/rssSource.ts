import type { NewsDraft } from '@tapeline/core';
import { tagSymbols } from '../../ingest/tagSymbols.ts';
import { expectOk, fetchText } from '../common/httpFetch.ts';
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
import { type FeedItem, parseFeed } from './parseFeed.ts';

// The operator's RSS 2.0 and Atom feeds (NEWS_FEEDS), each polled on its own loop with a
// conditional GET (ETag / Last-Modified), so an unchanged feed costs a 304 and a failing feed
// backs off without delaying the others. Field mapping: parseFeed.ts and docs/quotes-news.md §3.

export interface RssSourceOptions extends NewsSourceCommonOptions {
  /** http(s) feed URLs. */
  feeds: readonly string[];
  /** Body cap (default 5 MB). */
  maxBytes?: number;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';
const USER_AGENT = 'Tapeline news reader';

export function createRssSource(options: RssSourceOptions): NewsSource {
  const c = resolveCommon(options);
  const stats = emptyNewsStats();
  const gate = new GatedSink();
  const seen = new SeenIds();

  const pollFeed = (feedUrl: string) => {
    const validators: { etag: string | null; lastModified: string | null } = {
      etag: null,
      lastModified: null,
    };
    return async (signal: AbortSignal) => {
      const headers: Record<string, string> = { accept: ACCEPT, 'user-agent': USER_AGENT };
      if (validators.etag) headers['if-none-match'] = validators.etag;
      if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
      const res = await fetchText(feedUrl, headers, {
        timeoutMs: c.timeoutMs,
        maxBytes: options.maxBytes,
        signal,
      });
      if (res.status === 304) return;
      expectOk(res, `feed ${feedUrl}`);
      const feed = parseFeed(res.body);
      // Validators are kept only once the body parsed, so a garbage answer is fetched again whole.
      validators.etag = res.headers.get('etag');
      validators.lastModified = res.headers.get('last-modified');
      const listed = await listedOrNull(c.listed);
      const now = c.clock.now();
      const publisher = capText(htmlToText(feed.publisher), 200) || new URL(feedUrl).host;
      const drafts: NewsDraft[] = [];
      for (const item of feed.items) {
        const draft = toDraft(item, publisher, listed, now);
        if (!draft) {
          stats.malformed++;
          continue;
        }
        if (seen.add(draft.sourceId)) drafts.push(draft);
      }
      if (!signal.aborted) stats.received += gate.deliver(drafts);
    };
  };

  return loopedSource('rss', stats, gate, (sink) => {
    if (options.feeds.length === 0) throw new Error('rss: NEWS_FEEDS names no feed');
    gate.open(sink);
    return options.feeds.map((url) => superviseLoop(`rss ${url}`, c, stats, pollFeed(url)));
  });
}

function toDraft(
  item: FeedItem,
  publisher: string,
  listed: ReadonlySet<string> | null,
  now: number,
): NewsDraft | null {
  const title = capText(htmlToText(item.title), 2000);
  const sourceId = item.id ? capText(item.id.trim(), 300) : '';
  if (!title || !sourceId) return null;
  const description = htmlToText(item.description);
  const body = item.body ? capText(item.body, 100_000) : null;
  return {
    source: 'rss',
    sourceId,
    publisher,
    kind: 'news',
    title,
    description,
    url: httpUrl(item.link),
    imageUrl: httpUrl(item.image),
    symbols: tagSymbols(
      {
        categories: item.categories,
        title,
        description,
        body: body ? htmlToText(body.slice(0, 16_384)) : '',
      },
      listed,
    ),
    bodyHtml: body,
    linkToFilingDetails: null,
    form: null,
    publishedAt: parseNewsDate(item.date, now),
    updatedAt: null,
  };
}

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { webhookUrlProblem } from '@tapeline/core';
import type { Clock } from '../../../platform/clock.ts';

// One publisher page fetched to find the article's canonical URL (POST /api/news/extract,
// docs/quotes-news.md §3). The URL came from a vendor, so the fetch is treated like a webhook:
// every address checked at connect (publicOnlyLookup), redirects followed by hand and each
// re-checked, one deadline for the whole exchange, HTML only, and only the head of the page read.

export const EXTRACT_TIMEOUT_MS = 5_000;
export const EXTRACT_MAX_BYTES = 512 * 1024;
export const EXTRACT_MAX_REDIRECTS = 3;

export interface CanonicalFetchOptions {
  lookup: LookupFunction;
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback URLs pass core's check too. */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** The deadline's timer. */
  clock: Pick<Clock, 'setTimeout'>;
}

interface Page {
  status: number;
  location: string | null;
  contentType: string;
  html: string;
}

/** An http(s) URL a request may go to: no credentials, and (unless allowed) no private literal. */
function fetchable(url: URL, allowPrivate: boolean): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return webhookUrlProblem(url.toString(), { allowPrivate }) === null;
}

/** One GET, reading at most `maxBytes` of the body; the signal ends it wherever it is. */
function get(url: URL, options: CanonicalFetchOptions, signal: AbortSignal): Promise<Page> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const maxBytes = options.maxBytes ?? EXTRACT_MAX_BYTES;
    const request = (secure ? https : http).get(
      url,
      {
        lookup: options.lookup,
        signal,
        agent: false,
        headers: { accept: 'text/html', 'user-agent': 'Tapeline/1 (canonical link check)' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        if (status !== 200 || !/^text\/html\b/i.test(contentType)) {
          response.destroy();
          resolve({ status, location, contentType, html: '' });
          return;
        }
        const chunks: Buffer[] = [];
        let seen = 0;
        const finish = () =>
          resolve({ status, location, contentType, html: Buffer.concat(chunks).toString('utf8') });
        response.on('data', (chunk: Buffer) => {
          const room = maxBytes - seen;
          if (room <= 0) return;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          seen += Math.min(chunk.length, room);
          // The head of the page is all that is read: the rest is never downloaded.
          if (seen >= maxBytes) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** `<link rel="canonical" href>`, else `<meta property="og:url" content>`, as written in the page. */
export function canonicalIn(html: string): string | null {
  const tags = html.match(/<(?:link|meta)\b[^>]*>/gi) ?? [];
  const attr = (tag: string, name: string) => {
    const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
    return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
  };
  const decode = (value: string) =>
    value
      .replace(/&amp;/gi, '&')
      .replace(/&#x2F;/gi, '/')
      .replace(/&#47;/g, '/')
      .trim();
  for (const tag of tags) {
    if (!/^<link\b/i.test(tag)) continue;
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (rel && href && rel.toLowerCase().split(/\s+/).includes('canonical')) return decode(href);
  }
  for (const tag of tags) {
    if (!/^<meta\b/i.test(tag)) continue;
    const content = attr(tag, 'content');
    if (attr(tag, 'property')?.toLowerCase() === 'og:url' && content) return decode(content);
  }
  return null;
}

/**
 * The page's canonical URL, resolved against where the page was finally served from; null on any
 * failure (refused address, timeout, a status other than 200, not HTML, no link, a link that is
 * not http(s) or whose host core refuses). Never throws.
 */
export async function fetchCanonical(start: string, options: CanonicalFetchOptions): Promise<string | null> {
  const timeoutMs = options.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = options.clock.setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = new URL(start);
    for (let hop = 0; hop <= EXTRACT_MAX_REDIRECTS; hop++) {
      if (!fetchable(url, options.allowPrivate)) return null;
      const page = await get(url, options, controller.signal);
      if (page.status >= 300 && page.status < 400 && page.location) {
        url = new URL(page.location, url);
        continue;
      }
      if (page.status !== 200 || page.html === '') return null;
      const found = canonicalIn(page.html);
      if (!found) return null;
      const canonical = new URL(found, url);
      return fetchable(canonical, options.allowPrivate) ? canonical.toString() : null;
    }
    return null;
  } catch {
    return null;
  } finally {
    timer.cancel();
  }
}

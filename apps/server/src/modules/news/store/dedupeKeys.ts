import { createHash } from 'node:crypto';
import type { NewsSourceName } from '@tapeline/core';

// The store's dedupe keys besides (source, source_id): docs/quotes-news.md §3 "Store". Pure.

/** Query parameters that only say where a reader came from: two links differing in them are one. */
const TRACKING = new Set(['fbclid', 'gclid', 'dclid', 'mc_cid', 'mc_eid', 'cmpid', 'ncid', 'ocid', 'ref']);
const isTracking = (name: string) => {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING.has(lower);
};

/**
 * The URL two copies of one article share: https, lower-case host without `www.`, no default
 * port, no fragment, no tracking parameters, the rest sorted, no trailing `/`. Null when the
 * value is not an http(s) URL.
 */
export function canonicalUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  // The WHATWG parser has already dropped the default port of the scheme it was written with.
  const port = url.port === '' || url.port === '80' || url.port === '443' ? '' : `:${url.port}`;
  const params = [...url.searchParams.entries()]
    .filter(([name]) => !isTracking(name))
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `https://${host}${port}${path}${query}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `u:` + sha256 of the canonical URL; null without an http(s) URL. */
export function urlKey(url: string | null): string | null {
  const canonical = url ? canonicalUrl(url) : null;
  return canonical ? `u:${sha256(canonical)}` : null;
}

/** The sources whose wire copies may reach us under two URLs; filings and templated titles do not. */
const TITLE_KEYED: ReadonlySet<NewsSourceName> = new Set(['rss', 'alpaca', 'massive']);
const TITLE_KEY_MIN_WORDS = 5;

/** A title as compared: NFKC, lower-case, punctuation and symbols as spaces, collapsed. */
export function normalizedTitle(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * `t:` + sha256(normalized title + `|` + UTC date) for rss, alpaca and massive titles of five
 * words or more; null otherwise (short titles collide by chance: "Stocks to watch").
 */
export function titleKey(source: NewsSourceName, title: string, publishedAt: number): string | null {
  if (!TITLE_KEYED.has(source)) return null;
  const normalized = normalizedTitle(title);
  if (normalized.split(' ').length < TITLE_KEY_MIN_WORDS) return null;
  const day = new Date(publishedAt).toISOString().slice(0, 10);
  return `t:${sha256(`${normalized}|${day}`)}`;
}

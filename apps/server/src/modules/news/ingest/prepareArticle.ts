import { isValidSymbol, type NewsDraft, normalizeSymbol } from '@tapeline/core';
import { plainText, sanitizeNewsBody } from '../../../platform/html/sanitize.ts';
import { titleKey, urlKey } from '../store/dedupeKeys.ts';

// A validated draft made storable (docs/quotes-news.md §3): plain-text title and description,
// the body through the newsBody allowlist, links kept only when http(s), listed-looking symbols,
// and the dedupe keys. Pure apart from hashing.

export const TITLE_MAX = 500;
export const DESCRIPTION_MAX = 2_000;
export const SYMBOLS_MAX = 10;
const URL_MAX = 2_048;

export interface ArticleDetails {
  /** Sanitized HTML, or null when the source gave no body. */
  details: string | null;
  description: string;
  linkToFilingDetails: string | null;
  form: string | null;
}

export interface PreparedArticle {
  source: NewsDraft['source'];
  sourceId: string;
  publisher: string;
  kind: NewsDraft['kind'];
  title: string;
  description: string;
  url: string | null;
  imageUrl: string | null;
  symbols: string[];
  details: ArticleDetails;
  publishedAt: Date;
  sourceUpdatedAt: Date | null;
  urlKey: string | null;
  titleKey: string | null;
}

/**
 * Only http(s) links reach a page: core's draft schema accepts any URL (`javascript:` too), and
 * the web puts `url` in an href.
 */
export function httpLink(value: string | null): string | null {
  if (!value || value.length > URL_MAX) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    return url.toString();
  } catch {
    return null;
  }
}

function symbolsOf(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (const value of raw) {
    const symbol = normalizeSymbol(value);
    if (isValidSymbol(symbol) && !kept.includes(symbol)) kept.push(symbol);
    if (kept.length === SYMBOLS_MAX) break;
  }
  return kept;
}

/** Null when nothing showable is left (a title of markup only). */
export function prepareArticle(draft: NewsDraft): PreparedArticle | null {
  const title = plainText(draft.title, TITLE_MAX);
  if (title === '') return null;
  const description = plainText(draft.description, DESCRIPTION_MAX);
  const body = draft.bodyHtml ? sanitizeNewsBody(draft.bodyHtml) : '';
  const url = httpLink(draft.url);
  return {
    source: draft.source,
    sourceId: draft.sourceId,
    publisher: plainText(draft.publisher, 200) || draft.source,
    kind: draft.kind,
    title,
    description,
    url,
    imageUrl: httpLink(draft.imageUrl),
    symbols: symbolsOf(draft.symbols),
    details: {
      details: body.trim() === '' ? null : body,
      description,
      linkToFilingDetails: httpLink(draft.linkToFilingDetails),
      form: draft.form ? plainText(draft.form, 20) || null : null,
    },
    publishedAt: new Date(draft.publishedAt),
    sourceUpdatedAt: draft.updatedAt === null ? null : new Date(draft.updatedAt),
    urlKey: urlKey(url),
    titleKey: titleKey(draft.source, title, draft.publishedAt),
  };
}

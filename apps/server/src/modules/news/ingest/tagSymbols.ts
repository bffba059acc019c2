import { isValidSymbol, normalizeSymbol } from '@tapeline/core';

// Which listed symbols an article is about (docs/quotes-news.md §3 "Symbol tagging"). Pure: the
// caller hands the listed set (the engine's reference data) and the article's text. A candidate
// counts only when it is a well-formed symbol, no test symbol, and listed — with no listed set
// (no engine has answered yet) nothing counts rather than a guess; at most 10, in order of
// appearance. Capitalized words alone are never tickers: "AI" and "IT" are words.

export const MAX_ARTICLE_SYMBOLS = 10;
/** Pairs such as "(NASDAQ: ABC)" are read in the body's first 4 KB only. */
export const BODY_SCAN_CHARS = 4096;

// Longest names first so "NYSE American" is not read as "NYSE" followed by junk.
const EXCHANGE = String.raw`(?:nyse\s+american|nyse\s+arca|nyse|nasdaq|amex|cboe|otcqb|otcqx|otc\s+pink|otc)`;
const SYMBOL = '[A-Za-z][A-Za-z0-9]{0,5}(?:[.-][A-Za-z0-9]{1,3})?';
const CATEGORY_PAIR = new RegExp(String.raw`^\s*${EXCHANGE}\s*:\s*(${SYMBOL})\s*$`, 'i');
const BARE_SYMBOL = new RegExp(String.raw`^\s*(${SYMBOL})\s*$`);
const PAIR = new RegExp(String.raw`\(\s*${EXCHANGE}\s*:([^()]{1,120})\)`, 'gi');
const PAIR_PART = new RegExp(String.raw`^\s*(?:${EXCHANGE}\s*:\s*)?(${SYMBOL})\s*$`, 'i');
// Not after a letter, digit or "$"; 1–5 capitals, an optional class; not before a letter or
// digit ("$5B" is money: the first character must be a letter).
const CASHTAG = /(?<![A-Za-z0-9$])\$([A-Z]{1,5}(?:\.[A-Z])?)(?![A-Za-z0-9])/g;
const SYMBOL_SCHEME = /stock|ticker|symbol/i;

export interface ArticleCategory {
  term: string;
  /** RSS `category@domain` or Atom `category@scheme`. */
  domain: string | null;
}

export interface TagInput {
  /** Tickers the vendor attached (Alpaca `symbols`, Massive `tickers`). */
  vendor?: readonly string[];
  categories?: readonly ArticleCategory[];
  /** Plain text. */
  title?: string;
  description?: string;
  body?: string;
}

export function tagSymbols(input: TagInput, listed: ReadonlySet<string> | null): string[] {
  const out: string[] = [];
  if (!listed) return out;
  const offer = (raw: string) => {
    if (out.length >= MAX_ARTICLE_SYMBOLS) return;
    const sym = normalizeSymbol(raw);
    if (!isValidSymbol(sym) || out.includes(sym)) return;
    if (!listed.has(sym)) return;
    out.push(sym);
  };
  for (const sym of input.vendor ?? []) if (typeof sym === 'string') offer(sym);
  for (const c of input.categories ?? []) {
    const pair = CATEGORY_PAIR.exec(c.term);
    if (pair?.[1]) offer(pair[1]);
    else if (c.domain && SYMBOL_SCHEME.test(c.domain)) {
      const bare = BARE_SYMBOL.exec(c.term);
      if (bare?.[1]) offer(bare[1]);
    }
  }
  for (const sym of textCandidates(input.title ?? '', true)) offer(sym);
  for (const sym of textCandidates(input.description ?? '', true)) offer(sym);
  for (const sym of textCandidates((input.body ?? '').slice(0, BODY_SCAN_CHARS), false)) offer(sym);
  return out;
}

/** Exchange pairs (and cashtags where asked), in order of position in the text. */
function textCandidates(text: string, cashtags: boolean): string[] {
  const found: { at: number; sym: string }[] = [];
  for (const m of text.matchAll(PAIR)) {
    for (const part of (m[1] ?? '').split(/[,;]/)) {
      const sym = PAIR_PART.exec(part)?.[1];
      if (sym) found.push({ at: m.index ?? 0, sym });
    }
  }
  if (cashtags) for (const m of text.matchAll(CASHTAG)) if (m[1]) found.push({ at: m.index ?? 0, sym: m[1] });
  // A stable sort keeps a pair's several symbols in their written order.
  return found.sort((a, b) => a.at - b.at).map((f) => f.sym);
}

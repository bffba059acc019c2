import { CHAT_MESSAGE_MAX, CHAT_MESSAGE_MAX_LINES } from './chatMessages.ts';

// A chat message's HTML from the plain text a user typed (docs/chat.md "Content"). Everything
// the user wrote is escaped; the only markup is what this function writes itself: <br>, links
// to http(s) URLs, and mention and symbol spans. The server passes the result through its
// allowlist sanitizer again, so a bug here still cannot store executable markup.

export type ChatContentProblem = 'empty' | 'too_long';

export type RenderedChat =
  | {
      ok: true;
      /** The message's HTML. */
      html: string;
      /** The trimmed text as typed (kept for search and for editing tools). */
      text: string;
      /** Mentioned names as typed, without '@', each once, in order. */
      mentions: string[];
      /** Symbols linked (known to the reference data), upper-case, each once, in order. */
      symbols: string[];
    }
  | { ok: false; problem: ChatContentProblem };

export interface RenderOptions {
  /** Whether an upper-cased symbol is in the reference data; only those become symbol elements. */
  isSymbol(symbol: string): boolean;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Punctuation that ends a sentence rather than a URL, a name or a symbol. */
const TRAILING_URL = /[.,;:!?)\]}'"*]+$/;
const TRAILING_NAME = /[.-]+$/;

// One pass: a URL, a mention (not inside a word or an e-mail address), a $symbol (not inside a
// word, not after another '$'), or a line break. Names are the username characters other traders
// can type after '@': letters, marks, digits, '_', '.', '-', at most 20 code points.
const TOKENS =
  /(https?:\/\/[^\s<>"'`]+)|(?<![\p{L}\p{M}\p{N}_@.])@([\p{L}\p{M}\p{N}_.-]{1,20})(?![\p{L}\p{M}\p{N}_])|(?<![\p{L}\p{N}_$])\$([A-Za-z][A-Za-z0-9.-]{0,9})(?![A-Za-z0-9])|(\r\n|\r|\n)/giu;

const LINK_ATTRS = 'rel="noopener noreferrer nofollow" target="_blank"';

/**
 * The token already starts with http(s):// and holds no space, quote or angle bracket: it needs
 * a host, and no user:password@ part (a phishing trick: "https://bank.com@evil.example").
 */
function isHttpUrl(candidate: string): boolean {
  return /^https?:\/\/[^/?#.:@][^/?#@]*(?:[/?#]|$)/i.test(candidate);
}

/** C0 controls but tab and line breaks, DEL, and lone surrogates: never text (Postgres refuses NUL). */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Every kind of line break a browser may show as one (NEL and the Unicode separators too). */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/;

/**
 * At most one blank line in a row and at most `CHAT_MESSAGE_MAX_LINES` lines: the lines past the
 * last one allowed are joined onto it with spaces. Every break becomes '\n'.
 */
export function collapseChatLines(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(LINE_BREAK)) {
    const blank = line.trim() === '';
    if (blank && lines.at(-1) === '') continue;
    lines.push(blank ? '' : line);
  }
  if (lines.length <= CHAT_MESSAGE_MAX_LINES) return lines.join('\n');
  const kept = lines.slice(0, CHAT_MESSAGE_MAX_LINES - 1);
  const rest = lines.slice(CHAT_MESSAGE_MAX_LINES - 1).filter((line) => line !== '');
  return [...kept, rest.join(' ')].join('\n');
}

/** Drop controls, trim, fold lines, refuse empty or too long (code points), then render. */
export function renderChatContent(raw: string, options: RenderOptions): RenderedChat {
  const text = collapseChatLines(raw.replace(CONTROL, '').trim());
  if (text.length === 0) return { ok: false, problem: 'empty' };
  if ([...text].length > CHAT_MESSAGE_MAX) return { ok: false, problem: 'too_long' };

  const mentions: string[] = [];
  const symbols: string[] = [];
  let html = '';
  let last = 0;
  for (const match of text.matchAll(TOKENS)) {
    const [whole, url, name, symbol] = match;
    const start = match.index;
    let token = whole;
    let rendered: string | null = null;
    if (url !== undefined) {
      token = url.replace(TRAILING_URL, '');
      if (isHttpUrl(token)) {
        const safe = escapeHtml(token);
        rendered = `<a href="${safe}" ${LINK_ATTRS}>${safe}</a>`;
      }
    } else if (name !== undefined) {
      const trimmed = name.replace(TRAILING_NAME, '');
      if (trimmed.length > 0) {
        token = `@${trimmed}`;
        const safe = escapeHtml(trimmed);
        rendered = `<span class="mention" data-user="${safe}">@${safe}</span>`;
        if (!mentions.includes(trimmed)) mentions.push(trimmed);
      }
    } else if (symbol !== undefined) {
      const upper = symbol.replace(TRAILING_NAME, '').toUpperCase();
      if (upper.length > 0 && options.isSymbol(upper)) {
        token = `$${symbol.replace(TRAILING_NAME, '')}`;
        rendered = `<span class="symbol" data-symbol="${upper}">$${upper}</span>`;
        if (!symbols.includes(upper)) symbols.push(upper);
      }
    } else {
      rendered = '<br>';
    }
    if (rendered === null) continue;
    html += escapeHtml(text.slice(last, start)) + rendered;
    last = start + token.length;
  }
  html += escapeHtml(text.slice(last));
  return { ok: true, html, text, mentions, symbols };
}

import sanitizeHtml from 'sanitize-html';

// Untrusted HTML in, safe HTML (or plain text) out: news bodies today, chat messages next
// (docs/quotes-news.md §3 "Sanitizing"). sanitize-html parses with htmlparser2 and re-serializes
// only what the allowlist names, so what the browser later parses is plain, re-written markup:
// no DOM on the server, and no parser-differential (mutation XSS) tricks survive the rewrite.

/** Input past this is cut before parsing: a body is never worth more parsing than this. */
export const SANITIZE_INPUT_MAX = 100 * 1024;
/** Output past this is cut and sanitized again, which closes the tags the cut left open. */
export const NEWS_BODY_MAX = 20_000;

/** Elements whose content goes with them: never shown as text either. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'iframe',
  'object',
  'svg',
  'math',
  'title',
  'head',
];

/**
 * What every HTML policy here shares: no styles, no vulnerable tags, dropped elements go with
 * their content, and a link keeps only its href and opens apart without a referrer (rel and
 * target are allowed only so this transform can set them; any given are replaced).
 */
const linkSafe = {
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    a: (tagName: string, attribs: sanitizeHtml.Attributes) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
  },
} satisfies sanitizeHtml.IOptions;

const newsBodyOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h3',
    'h4',
    'pre',
    'code',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  ...linkSafe,
};

/**
 * An article body as the web may set it as HTML (policy `newsBody`): paragraphs, lists, quotes,
 * tables and links (http, https, mailto; opening apart, without referrer); no images, frames,
 * styles, classes, ids or event attributes.
 */
export function sanitizeNewsBody(html: string): string {
  const once = sanitizeHtml(html.slice(0, SANITIZE_INPUT_MAX), newsBodyOptions);
  if (once.length <= NEWS_BODY_MAX) return once;
  return sanitizeHtml(once.slice(0, NEWS_BODY_MAX), newsBodyOptions);
}

const textOptions: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: DROPPED_WITH_CONTENT,
};

/** Where one block ends and the next starts, the words must not run together. */
const BLOCK_BOUNDARY = /<(?=\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|blockquote|pre|section|article|hr)\b)/gi;

/**
 * Plain text from a string that may hold markup (titles and descriptions): tags and dropped
 * elements go, entities are decoded, whitespace is collapsed, and the result is cut to `max`
 * characters. The web shows it as text, never as HTML.
 */
export function plainText(value: string, max: number): string {
  const escaped = sanitizeHtml(value.slice(0, SANITIZE_INPUT_MAX).replace(BLOCK_BOUNDARY, ' <'), textOptions);
  // sanitize-html decoded every entity while parsing and re-escaped only &, < and > in text:
  // undoing exactly those (&amp; last) gives the text back.
  const text = escaped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= max) return collapsed;
  // Never cut a surrogate pair in half: a lone half is not text.
  const end = /[\uDC00-\uDFFF]/.test(collapsed.charAt(max - 1)) ? max - 2 : max - 1;
  return `${collapsed.slice(0, end).trimEnd()}…`;
}

/** Chat messages are short: anything longer than this was not written by the chat renderer. */
export const CHAT_CONTENT_MAX = 64 * 1024;

const chatContentOptions: sanitizeHtml.IOptions = {
  allowedTags: ['br', 'a', 'span'],
  allowedAttributes: { a: ['href', 'rel', 'target'], span: ['class', 'data-user', 'data-symbol'] },
  allowedClasses: { span: ['mention', 'symbol'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  ...linkSafe,
};

/**
 * A chat message's HTML as stored and served (policy `chatContent`, docs/chat.md "Content"): the
 * second line of defence behind core `renderChatContent`. Only <br>, http(s) links opening apart
 * without referrer, and mention/symbol spans with their data attributes survive.
 */
export function sanitizeChatContent(html: string): string {
  return sanitizeHtml(html.slice(0, CHAT_CONTENT_MAX), chatContentOptions);
}

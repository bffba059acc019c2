import { describe, expect, it } from 'vitest';
import { sanitizeChatContent } from './sanitize.ts';

// The chat allowlist behind core renderChatContent (docs/chat.md "Content"): what the renderer
// writes passes unchanged; anything else it might ever let through is cut down.

describe('sanitizeChatContent', () => {
  it('keeps the renderer’s own markup', () => {
    const html =
      'a &lt;b&gt;<br /><span class="mention" data-user="bob">@bob</span> ' +
      '<span class="symbol" data-symbol="AAPL">$AAPL</span> ' +
      '<a href="https://e.io/x?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">e.io</a>';
    expect(sanitizeChatContent(html)).toBe(html);
  });

  it('drops other tags, classes, attributes and schemes', () => {
    expect(sanitizeChatContent('<img src=x onerror=alert(1)>x')).toBe('x');
    expect(sanitizeChatContent('<span class="mention evil" onclick="y" style="color:red">z</span>')).toBe(
      '<span class="mention">z</span>',
    );
    expect(sanitizeChatContent('<a href="javascript:alert(1)" target="_self">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeChatContent('<script>alert(1)</script><svg><g onload=x></svg>ok')).toBe('ok');
  });
});

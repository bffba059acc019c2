/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { safeContent } from './chatHtml.ts';

describe('message HTML on the client', () => {
  it('keeps the server’s text, line breaks, mentions, symbols and links', () => {
    const html =
      'hi <span class="mention" data-user="annie">@annie</span><br>' +
      '<span class="symbol" data-symbol="TSLA">$TSLA</span> ' +
      '<a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">https://example.com/x</a>';
    const { html: out, mentionsMe } = safeContent(html, 'tapereader');
    expect(mentionsMe).toBe(false);
    const box = document.createElement('div');
    box.innerHTML = out;
    expect(box.querySelector('span.mention')?.getAttribute('data-user')).toBe('annie');
    expect(box.querySelector('span.symbol')?.textContent).toBe('$TSLA');
    expect(box.querySelectorAll('br')).toHaveLength(1);
    const link = box.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/x');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('marks a mention of the reader, in any case', () => {
    const { html, mentionsMe } = safeContent(
      '<span class="mention" data-user="TapeReader">@TapeReader</span>',
      'tapereader',
    );
    expect(mentionsMe).toBe(true);
    expect(html).toContain('class="mention mention--me"');
  });

  it.each([
    ['<img src=x onerror=alert(1)>', 'img'],
    ['<script>alert(1)</script>', 'script'],
    ['<svg><animate onbegin=alert(1) attributeName=x dur=1s>', 'svg'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript:'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'data:'],
    ['<span onclick="alert(1)" class="mention">x</span>', 'onclick'],
    ['<span style="background:url(javascript:alert(1))">x</span>', 'style'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', 'iframe'],
    ['<form action="https://evil"><button>x</button></form>', 'form'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'javascript:'],
  ])('drops what could run or restyle: %s', (html, banned) => {
    expect(safeContent(html, 'tapereader').html.toLowerCase()).not.toContain(banned);
  });

  it('keeps only the chat’s own classes', () => {
    expect(safeContent('<span class="mention overlay-full">x</span>', null).html).toBe(
      '<span class="mention">x</span>',
    );
    expect(safeContent('<span class="overlay-full">x</span>', null).html).toBe('<span>x</span>');
  });
});

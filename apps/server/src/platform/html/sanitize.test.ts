import { describe, expect, it } from 'vitest';
import { NEWS_BODY_MAX, plainText, SANITIZE_INPUT_MAX, sanitizeNewsBody } from './sanitize.ts';

describe('sanitizeNewsBody (policy newsBody)', () => {
  it('keeps the allowed markup as it is', () => {
    const html =
      '<p>Acme <b>Bio</b> <strong>said</strong> <i>it</i> <em>will</em> <u>list</u>:</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><h3>h</h3><h4>h</h4>' +
      '<pre><code>x</code></pre><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeNewsBody(html)).toBe(html);
  });

  it('drops script and style with their content, and every other element but its text', () => {
    expect(sanitizeNewsBody('<p>a<script>alert(1)</script>b</p><style>p{}</style>')).toBe('<p>ab</p>');
    expect(sanitizeNewsBody('<div><span>kept</span></div><img src="x" onerror="alert(1)">')).toBe('kept');
    expect(
      sanitizeNewsBody('<iframe src="https://evil.example"></iframe><svg><script>x</script></svg>'),
    ).toBe('');
    expect(sanitizeNewsBody('<h1>Title</h1><font color="red">red</font>')).toBe('Titlered');
  });

  it('strips class, id, style and event attributes', () => {
    expect(sanitizeNewsBody('<p class="x" id="y" style="color:red" onclick="alert(1)">t</p>')).toBe(
      '<p>t</p>',
    );
    expect(sanitizeNewsBody('<td colspan="2" onmouseover="x()">t</td>')).toBe('<td>t</td>');
  });

  it('forces rel and target on links and allows http, https and mailto only', () => {
    const forced = 'rel="noopener noreferrer nofollow" target="_blank"';
    expect(sanitizeNewsBody('<a href="https://wire.example.com/a" rel="opener" target="_self">x</a>')).toBe(
      `<a href="https://wire.example.com/a" ${forced}>x</a>`,
    );
    expect(sanitizeNewsBody('<a href="mailto:ir@acme.example">ir</a>')).toBe(
      `<a href="mailto:ir@acme.example" ${forced}>ir</a>`,
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/x',
    ]) {
      expect(sanitizeNewsBody(`<a href="${href}">x</a>`)).toBe(`<a ${forced}>x</a>`);
    }
  });

  it('re-serializes the markup mutation XSS relies on into inert text', () => {
    const out = sanitizeNewsBody('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>');
    expect(out).not.toMatch(/<img|onerror=/i);
    expect(sanitizeNewsBody('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>')).not.toMatch(
      /<img/i,
    );
    expect(sanitizeNewsBody('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
    expect(sanitizeNewsBody('<!-- <img src=x onerror=alert(1)> --><p>t</p>')).toBe('<p>t</p>');
  });

  it('reads at most 100 KB and cuts output past 20,000 characters, closing the tags', () => {
    const long = `<p><b>${'word '.repeat(10_000)}</b></p>`;
    const out = sanitizeNewsBody(long);
    expect(out.length).toBeLessThanOrEqual(NEWS_BODY_MAX + 20);
    expect(out.startsWith('<p><b>word')).toBe(true);
    expect(out.endsWith('</b></p>')).toBe(true);
    const huge = `<p>${'x'.repeat(SANITIZE_INPUT_MAX)}<script>late</script></p>`;
    expect(sanitizeNewsBody(huge)).not.toContain('script');
  });
});

describe('plainText (titles and descriptions)', () => {
  it('takes the text out of markup, decoding entities, keeping block words apart', () => {
    expect(plainText('<p>Acme Bio ($ACMB) said&nbsp;<b>more</b></p><p>Next</p>', 100)).toBe(
      'Acme Bio ($ACMB) said more Next',
    );
    expect(plainText('AT&amp;T &lt;b&gt; &quot;q&quot; &#39;s', 100)).toBe('AT&T <b> "q" \'s');
    expect(plainText('a &amp;lt; b', 100)).toBe('a &lt; b');
    expect(plainText('x<script>alert(1)</script>y<style>p{}</style>', 100)).toBe('xy');
    expect(plainText('  spaced \n\t out  ', 100)).toBe('spaced out');
  });

  it('cuts to the limit with an ellipsis, never halving a surrogate pair', () => {
    expect(plainText('one two three', 7)).toBe('one tw…');
    expect(plainText('ab🚀cd', 4)).toBe('ab…');
    expect(plainText('short', 5)).toBe('short');
  });
});

import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, CHAT_MESSAGE_MAX_LINES } from './chatMessages.ts';
import { renderChatContent } from './renderContent.ts';

const known = new Set(['AAPL', 'TSLA', 'BRK.B']);
const render = (text: string) => renderChatContent(text, { isSymbol: (s) => known.has(s) });
const html = (text: string) => {
  const out = render(text);
  if (!out.ok) throw new Error(out.problem);
  return out.html;
};

describe('a trader types plain text', () => {
  it('keeps words and escapes every markup character', () => {
    expect(html(`<b>hi</b> & "you" 'me'`)).toBe('&lt;b&gt;hi&lt;/b&gt; &amp; &quot;you&quot; &#39;me&#39;');
  });

  it('trims and turns each kind of newline into <br>', () => {
    expect(html('  one\ntwo\r\nthree\rfour  ')).toBe('one<br>two<br>three<br>four');
  });

  it('drops control characters and lone surrogates, keeping tabs and emoji', () => {
    expect(html('a\u0000b\u0007c\td\uD800e😀')).toBe('abc\tde😀');
    expect(render('\u0000\u0001')).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses an empty or whitespace-only message', () => {
    expect(render('')).toEqual({ ok: false, problem: 'empty' });
    expect(render(' \n\t ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('accepts 2,000 code points and refuses 2,001 (emoji count once)', () => {
    expect(render('x'.repeat(CHAT_MESSAGE_MAX)).ok).toBe(true);
    expect(render('😀'.repeat(CHAT_MESSAGE_MAX)).ok).toBe(true);
    expect(render('x'.repeat(CHAT_MESSAGE_MAX + 1))).toEqual({ ok: false, problem: 'too_long' });
  });
});

describe('mentions', () => {
  it('turns @bob into a mention element and lists bob once', () => {
    const out = render('hey @bob and @bob.');
    expect(out).toMatchObject({
      ok: true,
      html: 'hey <span class="mention" data-user="bob">@bob</span> and <span class="mention" data-user="bob">@bob</span>.',
      mentions: ['bob'],
    });
  });

  it('leaves e-mail addresses and a lone @ alone', () => {
    expect(html('mail me@example.com @ now')).toBe('mail me@example.com @ now');
  });

  it('mentions names with letters of any script', () => {
    expect(html('@Zoë_1')).toBe('<span class="mention" data-user="Zoë_1">@Zoë_1</span>');
  });

  it('does not mention a run longer than a username can be', () => {
    expect(html(`@${'a'.repeat(21)}`)).toBe(`@${'a'.repeat(21)}`);
  });
});

describe('symbols', () => {
  it('links only symbols of the reference data, upper-cased', () => {
    const out = render('$aapl up, $NOPE down, $BRK.B flat, $TSLA.');
    expect(out).toMatchObject({
      ok: true,
      html:
        '<span class="symbol" data-symbol="AAPL">$AAPL</span> up, $NOPE down, ' +
        '<span class="symbol" data-symbol="BRK.B">$BRK.B</span> flat, ' +
        '<span class="symbol" data-symbol="TSLA">$TSLA</span>.',
      symbols: ['AAPL', 'BRK.B', 'TSLA'],
    });
  });

  it('ignores dollar amounts and $$', () => {
    expect(html('paid $100 for $$AAPL')).toBe('paid $100 for $$AAPL');
  });
});

describe('links', () => {
  it('links http and https URLs, opening apart without referrer, leaving trailing punctuation out', () => {
    expect(html('see https://example.com/a?b=1&c=2.')).toBe(
      'see <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">https://example.com/a?b=1&amp;c=2</a>.',
    );
  });

  it('never links javascript:, data: or a URL that breaks out of the attribute', () => {
    expect(html('javascript:alert(1) data:text/html,x')).toBe('javascript:alert(1) data:text/html,x');
    expect(html('http://x.io/"onmouseover="alert(1)')).toBe(
      '<a href="http://x.io/" rel="noopener noreferrer nofollow" target="_blank">http://x.io/</a>&quot;onmouseover=&quot;alert(1)',
    );
  });

  it('does not link a URL carrying user:password@ before its host', () => {
    expect(html('https://bank.example@evil.example/x')).toBe('https://bank.example@evil.example/x');
  });

  it('does not turn a name inside a URL into a mention', () => {
    expect(html('https://x.io/@bob')).toBe(
      '<a href="https://x.io/@bob" rel="noopener noreferrer nofollow" target="_blank">https://x.io/@bob</a>',
    );
  });
});

describe('a message of many lines', () => {
  it(`keeps at most ${CHAT_MESSAGE_MAX_LINES} lines, joining the rest onto the last with spaces`, () => {
    const lines = Array.from({ length: 30 }, (_, i) => `l${i + 1}`);
    const out = render(lines.join('\n'));
    if (!out.ok) throw new Error(out.problem);
    expect(out.text.split('\n')).toHaveLength(CHAT_MESSAGE_MAX_LINES);
    expect(out.text.split('\n').at(-1)).toBe(lines.slice(CHAT_MESSAGE_MAX_LINES - 1).join(' '));
    expect(out.html.split('<br>')).toHaveLength(CHAT_MESSAGE_MAX_LINES);
  });

  it('folds 2,000 newlines to one blank line', () => {
    expect(html(`top${'\n'.repeat(1999)}bottom`)).toBe('top<br><br>bottom');
    expect(html(`a${'\n \t\n\u2028\r\n'.repeat(500)}b`)).toBe('a<br><br>b');
  });

  it('keeps a message within the limit as typed', () => {
    expect(html('one\n\ntwo\nthree')).toBe('one<br><br>two<br>three');
  });
});

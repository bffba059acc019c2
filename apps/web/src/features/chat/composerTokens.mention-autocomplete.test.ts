import { describe, expect, it } from 'vitest';
import { completeToken, insertAtSelection, tokenAtCaret } from './composerTokens.ts';

const at = (text: string) => tokenAtCaret(text, text.length);

describe('composer mention tokens', () => {
  it('an @ at the start or after a space is a user mention up to the caret', () => {
    expect(at('@ann')).toEqual({ kind: 'user', query: 'ann', start: 0, end: 4 });
    expect(at('hi @an')).toEqual({ kind: 'user', query: 'an', start: 3, end: 6 });
    expect(at('hi @')).toEqual({ kind: 'user', query: '', start: 3, end: 4 });
  });

  it('a $ starts a symbol, upper-cased', () => {
    expect(at('long $tsl')).toEqual({ kind: 'symbol', query: 'TSL', start: 5, end: 9 });
    expect(at('(see $brk.b')).toEqual({ kind: 'symbol', query: 'BRK.B', start: 5, end: 11 });
  });

  it('money, e-mail addresses and finished words complete nothing', () => {
    expect(at('paid $5')).toBeNull();
    expect(at('mail me@host')).toBeNull();
    expect(at('@ann ')).toBeNull();
    expect(at('plain')).toBeNull();
    expect(at('')).toBeNull();
  });

  it('the caret decides, not the end of the text; a selection completes nothing', () => {
    expect(tokenAtCaret('@ann and more', 4)).toEqual({ kind: 'user', query: 'ann', start: 0, end: 4 });
    expect(tokenAtCaret('@ann', 2, 4)).toBeNull();
  });

  it('a chosen suggestion replaces the token and is followed by one space', () => {
    const text = 'hi @an';
    const token = tokenAtCaret(text, text.length);
    expect(token && completeToken(text, token, 'annie')).toEqual({ text: 'hi @annie ', caret: 10 });
    const middle = '$ts is up';
    const symbol = tokenAtCaret(middle, 3);
    expect(symbol && completeToken(middle, symbol, 'TSLA')).toEqual({ text: '$TSLA is up', caret: 6 });
  });

  it('Ctrl/Alt+Enter puts a newline in place of the selection', () => {
    expect(insertAtSelection('ab cd', 2, 3, '\n')).toEqual({ text: 'ab\ncd', caret: 3 });
  });
});

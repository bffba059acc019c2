import { describe, expect, it } from 'vitest';
import { isValidSymbol, normalizeSymbol } from './symbol.ts';

describe('symbols', () => {
  it.each(['AAPL', 'F', 'BRK.B', 'BF-A', 'SPY', 'GOOGL', 'ABCDEF'])('accepts %s', (s) => {
    expect(isValidSymbol(s)).toBe(true);
  });
  it.each(['', 'aapl', '1ABC', 'TOOLONGSYM', 'A B', 'AAPL.', 'BRK..B', '<script>', 'TEST', 'ZVZZT'])(
    'rejects %j',
    (s) => expect(isValidSymbol(s)).toBe(false),
  );
  it('upper-cases and trims', () => {
    expect(normalizeSymbol(' brk.b ')).toBe('BRK.B');
  });
});

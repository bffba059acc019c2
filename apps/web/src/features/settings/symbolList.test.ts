import { CUSTOM_LIST_MAX } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { checkNewSymbol, isWideList, withoutSymbols } from './symbolList.ts';

describe('checkNewSymbol', () => {
  it('normalises what was typed', () => {
    expect(checkNewSymbol('  aapl ', [])).toEqual({ kind: 'ok', symbol: 'AAPL' });
    expect(checkNewSymbol('brk.b', [])).toEqual({ kind: 'ok', symbol: 'BRK.B' });
  });

  it('treats blank input as nothing typed', () => {
    expect(checkNewSymbol('   ', [])).toEqual({ kind: 'empty' });
  });

  it('names a malformed or test symbol as invalid', () => {
    expect(checkNewSymbol('a b', [])).toEqual({ kind: 'rejected', message: 'Symbol A B is invalid' });
    expect(checkNewSymbol('zvzzt', [])).toEqual({ kind: 'rejected', message: 'Symbol ZVZZT is invalid' });
  });

  it('names a symbol the list already has', () => {
    expect(checkNewSymbol('msft', ['AAPL', 'MSFT'])).toEqual({
      kind: 'rejected',
      message: 'You already have MSFT imported',
    });
  });

  it('refuses to grow a full list', () => {
    const full = Array.from({ length: CUSTOM_LIST_MAX }, (_, i) => `S${i}`);
    expect(checkNewSymbol('AAPL', full)).toEqual({ kind: 'rejected', message: 'Failed to add symbol' });
  });
});

describe('withoutSymbols', () => {
  it('removes the chosen symbols and keeps the order', () => {
    expect(withoutSymbols(['A', 'B', 'C', 'D'], new Set(['B', 'D']))).toEqual(['A', 'C']);
  });
});

describe('isWideList', () => {
  it('widens past 100 symbols', () => {
    expect(isWideList(Array.from({ length: 100 }, (_, i) => `S${i}`))).toBe(false);
    expect(isWideList(Array.from({ length: 101 }, (_, i) => `S${i}`))).toBe(true);
  });
});

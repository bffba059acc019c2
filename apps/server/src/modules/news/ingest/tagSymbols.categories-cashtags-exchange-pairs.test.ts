import { describe, expect, it } from 'vitest';
import { MAX_ARTICLE_SYMBOLS, tagSymbols } from './tagSymbols.ts';

const listed = new Set(['ACMB', 'ABC', 'XYZ', 'BRK.B', 'ABCD', 'AI', 'IT', 'MSFT', 'QQQ', 'DEF', 'GHI']);

describe('tagSymbols', () => {
  it('reads EXCHANGE:SYM and EXCHANGE: SYM categories in any case, in order', () => {
    const categories = [
      { term: 'Nasdaq:ACMB', domain: null },
      { term: 'NYSE American: XYZ', domain: null },
      { term: 'otcqb:abcd', domain: 'https://wire.example.com/' },
    ];
    expect(tagSymbols({ categories }, listed)).toEqual(['ACMB', 'XYZ', 'ABCD']);
  });

  it('takes a bare category only when its domain or scheme names stocks, tickers or symbols', () => {
    const categories = [
      { term: 'AI', domain: null },
      { term: 'IT', domain: 'https://wire.example.com/topics' },
      { term: 'ABC', domain: 'https://wire.example.com/stock' },
      { term: 'XYZ', domain: 'ticker' },
    ];
    expect(tagSymbols({ categories }, listed)).toEqual(['ABC', 'XYZ']);
  });

  it('finds cashtags but not money, nor a $ after a letter, digit or $', () => {
    const title = 'Acme ($ACMB) and $BRK.B rally; raised $5B, US$XYZ, $$ABC, $ABCD5 and $DEF';
    expect(tagSymbols({ title }, listed)).toEqual(['ACMB', 'BRK.B', 'DEF']);
  });

  it('reads "(NASDAQ: ABC)" pairs, several split on , and ;, from title, description and body', () => {
    expect(
      tagSymbols(
        {
          title: 'Deal closes (NYSE American: XYZ)',
          description: 'Acme Bio (Nasdaq: ACMB, ABC) and partner (OTCQB: ABCD; NYSE: DEF)',
          body: 'Also (NASDAQ:GHI).',
        },
        listed,
      ),
    ).toEqual(['XYZ', 'ACMB', 'ABC', 'ABCD', 'DEF', 'GHI']);
  });

  it('never takes capitalized words alone', () => {
    expect(
      tagSymbols({ title: 'AI and IT spending: ABC says MSFT leads', description: 'XYZ' }, listed),
    ).toEqual([]);
  });

  it('reads pairs in the first 4 KB of the body only, and no cashtags there', () => {
    const body = `$ACMB ${'x'.repeat(5000)} (NASDAQ: ABC)`;
    expect(tagSymbols({ body }, listed)).toEqual([]);
    expect(tagSymbols({ body: `(NASDAQ: ABC) ${'x'.repeat(100)}` }, listed)).toEqual(['ABC']);
  });

  it('drops unlisted and test symbols, and repeats', () => {
    const input = { vendor: ['ACMB', 'NOPE', 'ZVZZT', 'acmb'], title: '$ZXZZT $NOPE (NASDAQ: ABC) $ABC' };
    expect(tagSymbols(input, listed)).toEqual(['ACMB', 'ABC']);
  });

  it('tags nothing while no engine has answered (listed unknown) rather than guess', () => {
    expect(tagSymbols({ vendor: ['ACMB'], title: '$ACMB (NASDAQ: ABC)' }, null)).toEqual([]);
  });

  it('stops at 10 symbols in order of appearance, vendor tickers first', () => {
    const many = new Set(Array.from({ length: 15 }, (_, i) => `S${String.fromCharCode(65 + i)}`));
    const vendor = [...many].slice(0, 4);
    const title = [...many]
      .slice(4)
      .map((s) => `$${s}`)
      .join(' ');
    const tags = tagSymbols({ vendor, title }, many);
    expect(tags).toHaveLength(MAX_ARTICLE_SYMBOLS);
    expect(tags).toEqual([...many].slice(0, 10));
  });
});

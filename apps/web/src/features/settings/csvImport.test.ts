import { describe, expect, it } from 'vitest';
import { isCsvFile, mergeSymbols, parseSymbolsCsv, planImport, symbolsToValidate } from './csvImport.ts';

describe('isCsvFile', () => {
  it('accepts names ending in .csv only', () => {
    expect(isCsvFile('watchlist.csv')).toBe(true);
    expect(isCsvFile('WATCHLIST.CSV')).toBe(true);
    expect(isCsvFile('watchlist.txt')).toBe(false);
    expect(isCsvFile('watchlist.csv.txt')).toBe(false);
    expect(isCsvFile('csv')).toBe(false);
  });
});

describe('parseSymbolsCsv', () => {
  it('trims, upper-cases, strips outer commas and drops the header and empty lines', () => {
    const text = 'Symbol\r\n aapl \r\n,msft,\n\n  \n,,tsla\nnvda,,\n,\n';
    expect(parseSymbolsCsv(text)).toEqual(['AAPL', 'MSFT', 'TSLA', 'NVDA']);
  });

  it('drops a header that carries a trailing comma, and a byte order mark', () => {
    expect(parseSymbolsCsv('\uFEFFSYMBOL,\nGOOG')).toEqual(['GOOG']);
  });

  it('keeps inner commas (such a line is no symbol) and each symbol once', () => {
    expect(parseSymbolsCsv('AAPL,MSFT\naapl\nAAPL')).toEqual(['AAPL,MSFT', 'AAPL']);
  });

  it('gives nothing for an empty file', () => {
    expect(parseSymbolsCsv('')).toEqual([]);
    expect(parseSymbolsCsv('SYMBOL\n\n')).toEqual([]);
  });
});

describe('symbolsToValidate', () => {
  it('leaves out lines no symbol could be', () => {
    expect(symbolsToValidate(['AAPL', 'AAPL,MSFT', 'BRK.B', 'ZVZZT', 'A VERY LONG LINE'])).toEqual([
      'AAPL',
      'BRK.B',
    ]);
  });
});

describe('planImport', () => {
  it('imports at once when every symbol is valid', () => {
    expect(planImport(['AAPL', 'MSFT'], ['AAPL', 'MSFT'], [])).toEqual({
      kind: 'ready',
      add: ['AAPL', 'MSFT'],
      duplicates: [],
      confirm: null,
    });
  });

  it('asks first when some are invalid, counting every line of the file', () => {
    const plan = planImport(['AAPL', 'NOPE', 'MSFT'], ['AAPL', 'MSFT'], []);
    expect(plan).toMatchObject({
      kind: 'ready',
      add: ['AAPL', 'MSFT'],
      confirm: '2 of 3 symbols are valid. Do you want to proceed?',
    });
  });

  it('names a lone invalid symbol', () => {
    expect(planImport(['NOPE'], [], [])).toEqual({ kind: 'rejected', message: 'Symbol NOPE is invalid' });
  });

  it('says no valid symbols when none of several are valid, or the file is empty', () => {
    const none = { kind: 'rejected', message: 'No valid symbols found in the CSV file' };
    expect(planImport(['NOPE', 'NADA'], [], [])).toEqual(none);
    expect(planImport([], [], [])).toEqual(none);
  });

  it('reports symbols the list already has and adds only the new ones', () => {
    expect(planImport(['AAPL', 'MSFT'], ['AAPL', 'MSFT'], ['MSFT'])).toEqual({
      kind: 'ready',
      add: ['AAPL'],
      duplicates: ['MSFT'],
      confirm: null,
    });
  });

  it('ignores an answer naming symbols the file did not hold', () => {
    const plan = planImport(['AAPL', 'NOPE'], ['aapl', 'GOOG', 'AAPL'], []);
    expect(plan).toMatchObject({
      add: ['AAPL'],
      confirm: '1 of 2 symbols are valid. Do you want to proceed?',
    });
  });
});

describe('mergeSymbols', () => {
  it('appends new symbols after the existing ones', () => {
    expect(mergeSymbols(['AAPL'], ['MSFT', 'AAPL', 'TSLA'])).toEqual({
      list: ['AAPL', 'MSFT', 'TSLA'],
      dropped: 0,
    });
  });

  it('stops at the list limit and says how many were left out', () => {
    expect(mergeSymbols(['A', 'B'], ['C', 'D', 'E'], 3)).toEqual({ list: ['A', 'B', 'C'], dropped: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { isSectorCode, normalizeSector, SECTOR } from './sectors.ts';
import { isTestSymbol, TEST_SYMBOLS } from './testSymbols.ts';

describe('test symbols and sector codes', () => {
  it('recognises the seven exchange test symbols and nothing else', () => {
    expect(TEST_SYMBOLS).toEqual(['TEST', 'ZJZZT', 'ZOZZT', 'ZRZZT', 'ZVZZT', 'ZWZZT', 'ZXZZT']);
    for (const s of TEST_SYMBOLS) expect(isTestSymbol(s)).toBe(true);
    expect(isTestSymbol('TSLA')).toBe(false);
    expect(isTestSymbol('test')).toBe(false);
  });

  it('keeps the spec numbering of sectors and maps unknown codes to MISCELLANEOUS', () => {
    expect(SECTOR.BIOTECH).toBe(16);
    expect(SECTOR.ADR).toBe(81);
    expect(SECTOR.ETF).toBe(82);
    expect(isSectorCode(17)).toBe(false);
    expect(normalizeSector(17)).toBe(99);
    expect(normalizeSector(9)).toBe(9);
  });
});

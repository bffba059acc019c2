import { describe, expect, it } from 'vitest';
import { clipText, spokenName, spokenSymbol, VOICES } from './voices.ts';

describe('what a clip says', () => {
  it('spells a symbol letter by letter, a lone A as the letter and a class dot or dash as a pause', () => {
    expect(spokenSymbol('AAPL')).toBe('eh eh P L');
    expect(spokenSymbol('BRK.B')).toBe('B R K, B');
    expect(spokenSymbol('BF-A')).toBe('B F, eh');
    expect(spokenSymbol('X')).toBe('X');
  });

  it('says a company name without its legal form, share class or listing details', () => {
    expect(spokenName('Apple Inc.')).toBe('Apple');
    expect(spokenName('Advanced Micro Devices, Inc. Common Stock')).toBe('Advanced Micro Devices');
    expect(spokenName('Alphabet Inc. - Class A Common Stock')).toBe('Alphabet');
    expect(spokenName('Tesla, Inc.')).toBe('Tesla');
    expect(spokenName('Shell plc (ADR)')).toBe('Shell');
    expect(spokenName('SPDR S&P 500 ETF Trust')).toBe('SPDR S&P 500 ETF Trust');
    expect(spokenName('Inc.')).toBe('Inc.');
    expect(spokenName('<speak>&#x;</speak>')).toBe('speak & x speak');
    expect(spokenName('')).toBe('');
  });

  it('cuts a very long name at a word', () => {
    const long = 'International Consolidated Amalgamated Widget Manufacturing and Distribution Holdings';
    const spoken = spokenName(long);
    expect(spoken.length).toBeLessThanOrEqual(60);
    expect(long.startsWith(spoken)).toBe(true);
    expect(spoken.endsWith(' ')).toBe(false);
  });

  it('speaks the name for n, the symbol for s, and the symbol when there is no name to say', () => {
    expect(clipText('n', 'MSFT', 'Microsoft Corporation')).toBe('Microsoft');
    expect(clipText('s', 'MSFT', 'Microsoft Corporation')).toBe('M S F T');
    expect(clipText('n', 'ZZ', '')).toBe('Z Z');
    expect(clipText('n', 'ZZ', null)).toBe('Z Z');
  });

  it('has five voices that differ in voice, pitch or both', () => {
    const keys = Object.values(VOICES).map((v) => `${v.espeak}/${v.pitch}`);
    expect(new Set(keys).size).toBe(5);
  });
});

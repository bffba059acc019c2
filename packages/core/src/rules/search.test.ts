import { describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_CAP } from '../constants.ts';
import {
  parseSearch,
  SEARCH_STATS_INTERVAL_MS,
  searchStatsDue,
  searchSymbols,
  searchUsers,
} from './search.ts';

const names = [
  { s: 'AAPL', n: 'Apple Inc.' },
  { s: 'AAL', n: 'American Airlines Group' },
  { s: 'A', n: 'Agilent Technologies' },
  { s: 'APLE', n: 'Apple Hospitality REIT' },
  { s: 'PLAP', n: 'Pineapple Holdings' },
  { s: 'MSFT', n: 'Microsoft Corporation' },
  { s: 'AP', n: 'Ampco-Pittsburgh' },
];

describe('parseSearch', () => {
  it('reads a leading @ as a user search and keeps the case of the name', () => {
    expect(parseSearch('  @TapeReader ')).toEqual({ kind: 'user', query: 'TapeReader' });
    expect(parseSearch('@')).toEqual({ kind: 'user', query: '' });
  });

  it('upper-cases a symbol search', () => {
    expect(parseSearch(' aapl ')).toEqual({ kind: 'symbol', query: 'AAPL' });
    expect(parseSearch('brk.b')).toEqual({ kind: 'symbol', query: 'BRK.B' });
  });
});

describe('searchSymbols', () => {
  it('puts the exact symbol first, then symbols starting with it, then names containing it', () => {
    // AP is exact, APLE starts with AP, Apple Inc. starts with it, PineAPple contains it.
    expect(searchSymbols(names, 'ap').map((h) => h.s)).toEqual(['AP', 'APLE', 'AAPL', 'PLAP']);
    expect(searchSymbols(names, 'aapl').map((h) => h.s)).toEqual(['AAPL']);
  });

  it('ranks a one-letter query: exact, shortest prefixes, then company names', () => {
    expect(searchSymbols(names, 'a').map((h) => h.s)).toEqual([
      'A',
      'AP',
      'AAL',
      'AAPL',
      'APLE',
      'MSFT',
      'PLAP',
    ]);
  });

  it('matches company names in any case, names starting with the query before names containing it', () => {
    expect(searchSymbols(names, 'apple').map((h) => h.s)).toEqual(['AAPL', 'APLE', 'PLAP']);
    expect(searchSymbols(names, 'micro').map((h) => h.s)).toEqual(['MSFT']);
  });

  it('finds nothing for an empty or blank query, or an unknown one', () => {
    expect(searchSymbols(names, '')).toEqual([]);
    expect(searchSymbols(names, '   ')).toEqual([]);
    expect(searchSymbols(names, 'ZZZZ')).toEqual([]);
  });

  it('caps the results at 50, keeping the exact match', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ s: `X${i}`, n: `Xylo ${i}` }));
    many.push({ s: 'X', n: 'The X Company' });
    const hits = searchSymbols(many, 'x');
    expect(hits).toHaveLength(SEARCH_RESULTS_CAP);
    expect(hits[0]?.s).toBe('X');
    expect(searchSymbols(many, 'x', 5)).toHaveLength(5);
  });
});

describe('searchUsers', () => {
  const users = [
    { id: '1', username: 'traderjoe' },
    { id: '2', username: 'Joe' },
    { id: '3', username: 'joel' },
    { id: '4', username: 'bigjoe' },
    { id: '5', username: 'ann' },
  ];

  it('needs at least 3 characters after the @', () => {
    expect(searchUsers(users, 'jo')).toEqual([]);
    expect(searchUsers(users, '@jo')).toEqual([]);
    expect(searchUsers(users, 'joe').length).toBeGreaterThan(0);
  });

  it('puts the exact username first in any case, then prefixes, then containing', () => {
    expect(searchUsers(users, 'JOE').map((u) => u.id)).toEqual(['2', '3', '4', '1']);
    expect(searchUsers(users, '@joe').map((u) => u.id)).toEqual(['2', '3', '4', '1']);
    expect(searchUsers(users, 'joel').map((u) => u.id)).toEqual(['3']);
    expect(searchUsers(users, 'ann').map((u) => u.id)).toEqual(['5']);
  });

  it('caps the results at 50', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ id: String(i), username: `sam${i}` }));
    expect(searchUsers(many, 'sam')).toHaveLength(SEARCH_RESULTS_CAP);
  });
});

describe('searchStatsDue', () => {
  const now = 1_700_000_000_000;

  it('counts symbols of up to 6 characters', () => {
    expect(searchStatsDue('TSLA', undefined, now)).toBe(true);
    expect(searchStatsDue('ABCDEF', undefined, now)).toBe(true);
    expect(searchStatsDue('ABCDEFG', undefined, now)).toBe(false);
    expect(searchStatsDue('', undefined, now)).toBe(false);
    expect(searchStatsDue('1AB', undefined, now)).toBe(false);
    expect(searchStatsDue('TEST', undefined, now)).toBe(false);
  });

  it('counts the same symbol at most once an hour', () => {
    expect(searchStatsDue('TSLA', now - 60_000, now)).toBe(false);
    expect(searchStatsDue('TSLA', now - SEARCH_STATS_INTERVAL_MS + 1, now)).toBe(false);
    expect(searchStatsDue('TSLA', now - SEARCH_STATS_INTERVAL_MS, now)).toBe(true);
  });
});

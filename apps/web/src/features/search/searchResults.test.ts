import { describe, expect, it } from 'vitest';
import { searchView } from './searchResults.ts';

const names = [
  { s: 'TSLA', n: 'Tesla Inc.' },
  { s: 'TSL', n: 'Trina Solar' },
];
const users = [
  { id: 'u1', username: 'tapereader' },
  { id: 'u2', username: 'TapeBot' },
];

describe('searchView', () => {
  it('stays closed for an empty box', () => {
    expect(searchView('  ', names, users)).toEqual({ state: 'closed' });
  });

  it('lists symbols with their names, exact match first, whatever the case typed', () => {
    const view = searchView('tsl', names, users);
    expect(view).toEqual({
      state: 'results',
      items: [
        { kind: 'symbol', key: 'symbol:TSL', symbol: 'TSL', name: 'Trina Solar' },
        { kind: 'symbol', key: 'symbol:TSLA', symbol: 'TSLA', name: 'Tesla Inc.' },
      ],
    });
  });

  it('asks for 3 characters after the @ before searching users', () => {
    expect(searchView('@', names, users)).toEqual({ state: 'hint' });
    expect(searchView('@ta', names, users)).toEqual({ state: 'hint' });
    const view = searchView('@tapebot', names, users);
    expect(view.state === 'results' && view.items.map((i) => i.key)).toEqual(['user:u2']);
    expect(searchView('@tape', names, users).state).toBe('results');
  });

  it('says NO RESULTS FOUND (empty) when nothing matches, loading while the list loads', () => {
    expect(searchView('ZZZZ', names, users)).toEqual({ state: 'empty' });
    expect(searchView('@nobody', names, users)).toEqual({ state: 'empty' });
    expect(searchView('TSLA', undefined, users)).toEqual({ state: 'loading' });
    expect(searchView('@tape', names, undefined)).toEqual({ state: 'loading' });
  });
});

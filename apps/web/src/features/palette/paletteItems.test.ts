import { describe, expect, it } from 'vitest';
import { matchCommands, matchSymbols, type PaletteCommand } from './paletteItems.ts';

const command = (id: string, label: string, keywords?: string[]): PaletteCommand => ({
  id,
  label,
  keywords,
  run: () => {},
});

describe('palette matching', () => {
  const commands = [
    command('a', 'Switch to Optional', ['layout']),
    command('b', 'Switch to Primary', ['layout']),
    command('c', 'Go to Subscription', ['plan', 'billing']),
  ];

  it('keeps the commands holding every typed word, in any order and case', () => {
    expect(matchCommands(commands, 'optional').map((c) => c.id)).toEqual(['a']);
    expect(matchCommands(commands, 'LAYOUT switch').map((c) => c.id)).toEqual(['a', 'b']);
    expect(matchCommands(commands, 'plan').map((c) => c.id)).toEqual(['c']);
    expect(matchCommands(commands, '  ').map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  const names = [
    { s: 'AAPLW', n: 'Apple Warrants' },
    { s: 'AA', n: 'Alcoa Corp' },
    { s: 'AAPL', n: 'Apple Inc' },
    { s: 'MSFT', n: 'Microsoft Corp' },
    { s: 'PINE', n: 'Pineapple Holdings' },
  ];

  it('puts the exact symbol first, then shorter symbols that start with it, then names', () => {
    expect(matchSymbols(names, 'aapl').map((n) => n.s)).toEqual(['AAPL', 'AAPLW']);
    expect(matchSymbols(names, 'apple').map((n) => n.s)).toEqual(['AAPLW', 'AAPL', 'PINE']);
    expect(matchSymbols(names, 'a').map((n) => n.s)).toEqual(['AA', 'AAPL', 'AAPLW']);
  });

  it('offers no listing before something is typed, and at most the limit', () => {
    expect(matchSymbols(names, '')).toEqual([]);
    expect(matchSymbols(names, 'corp', 1).map((n) => n.s)).toEqual(['AA']);
  });
});

import { describe, expect, it } from 'vitest';
import { planQuoteEdit, planReorder } from './quoteEdit.ts';
import { QUOTES_MAX } from './quoteMessages.ts';

const listedExcept =
  (...unlisted: string[]) =>
  (symbol: string) =>
    !unlisted.includes(symbol);
const many = (n: number, prefix = 'S') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('saving a quote edit', () => {
  it('reports the design example: case, blanks, an unlisted and two duplicates', () => {
    const plan = planQuoteEdit(['MSFT'], ['abc', ' ', 'NOPE1', 'MSFT', 'abc'], [], listedExcept('NOPE1'));
    expect(plan).toEqual({
      kind: 'edit',
      list: ['MSFT', 'ABC'],
      removed: [],
      added: ['ABC'],
      invalids: ['NOPE1'],
      duplicates: ['MSFT', 'ABC'],
    });
  });

  it('is empty when both arrays hold only blanks', () => {
    expect(planQuoteEdit(['MSFT'], [' ', ''], [''], listedExcept())).toEqual({ kind: 'empty' });
    expect(planQuoteEdit([], [], [], listedExcept())).toEqual({ kind: 'empty' });
  });

  it('calls malformed and test symbols invalid even when the market would list them', () => {
    const plan = planQuoteEdit([], ['1ABC', 'TEST', 'ZVZZT', 'A B', 'BRK.B'], [], () => true);
    expect(plan).toMatchObject({
      kind: 'edit',
      added: ['BRK.B'],
      invalids: ['1ABC', 'TEST', 'ZVZZT', 'A B'],
    });
  });

  it('applies deletes first, ignoring unlisted ones, then appends', () => {
    const plan = planQuoteEdit(['A', 'B', 'C'], ['D', 'b'], ['b', 'ZZZ', 'a'], listedExcept());
    expect(plan).toMatchObject({
      kind: 'edit',
      list: ['C', 'D', 'B'],
      removed: ['B', 'A'],
      added: ['D', 'B'],
    });
    expect(plan).toMatchObject({ invalids: [], duplicates: [] });
  });

  it('reports a symbol typed three times once', () => {
    const plan = planQuoteEdit([], ['X', 'x', ' X ', 'NOPE', 'nope'], [], listedExcept('NOPE'));
    expect(plan).toMatchObject({ list: ['X'], invalids: ['NOPE'], duplicates: ['X'] });
  });

  it('takes the list to exactly 75', () => {
    const plan = planQuoteEdit(many(70), many(5, 'T'), [], listedExcept());
    expect(plan.kind === 'edit' && plan.list.length).toBe(QUOTES_MAX);
  });

  it('refuses the whole edit past 75, counting deletes and skipped entries right', () => {
    expect(planQuoteEdit(many(70), many(6, 'T'), [], listedExcept())).toEqual({
      kind: 'overflow',
      invalids: [],
      duplicates: [],
    });
    // One delete makes room; duplicates and invalids take none.
    const plan = planQuoteEdit(many(70), [...many(6, 'T'), 'S1', 'NOPE'], ['S0'], listedExcept('NOPE'));
    expect(plan).toMatchObject({ kind: 'edit', invalids: ['NOPE'], duplicates: ['S1'] });
  });
});

describe('reordering quotes', () => {
  it('puts named symbols first and the unnamed after in their old order', () => {
    expect(planReorder(['A', 'B', 'C', 'D'], ['c', 'A'])).toEqual(['C', 'A', 'B', 'D']);
  });

  it('ignores unknown and repeated names', () => {
    expect(planReorder(['A', 'B', 'C'], ['ZZZ', 'B', 'b', 'A', ''])).toEqual(['B', 'A', 'C']);
  });

  it('keeps the order for an empty request', () => {
    expect(planReorder(['A', 'B'], [])).toEqual(['A', 'B']);
  });
});

import { describe, expect, it } from 'vitest';
import type { DiscoveryRow } from './row.ts';
import { filterSort, toColumns } from './table.ts';

const row = (s: string, l: number, change: number | null, v: number): DiscoveryRow =>
  ({ s, l, p: change === null ? null : [change, 0], v }) as DiscoveryRow;

const rows = [
  row('AAA', 12, 3.5, 1000),
  row('BBB', 250, 9.9, 5000),
  row('CCC', 15, null, 800),
  row('DDD', 40, -2.25, 50),
  row('EEE', 18, 3.5, 400),
  row('FFF', 11, 7.1, 100),
];
const symbols = (order: Uint32Array) => [...order].map((i) => rows[i]?.s);

describe('Discovery filter and sort over typed columns', () => {
  it('$10–$200 with volume ≥ 100, biggest % change first: unknown change last, ties in snapshot order', () => {
    const table = toColumns(rows);
    const order = filterSort(
      table,
      [
        { column: 'last', min: 10, max: 200 },
        { column: 'volume', min: 100 },
      ],
      'change',
    );
    expect(symbols(order)).toEqual(['FFF', 'AAA', 'EEE', 'CCC']);
  });

  it('ascending keeps unknown values last too; no filters keeps every row', () => {
    const order = filterSort(toColumns(rows), [], 'change', false);
    expect(symbols(order)).toEqual(['DDD', 'AAA', 'EEE', 'FFF', 'BBB', 'CCC']);
  });

  it('an unknown value fails a bounded range', () => {
    const order = filterSort(toColumns(rows), [{ column: 'change', min: -100 }], 'last');
    expect(symbols(order)).not.toContain('CCC');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultDiscoveryColumns } from './columns.ts';
import { csvColumns, csvOf } from './csv.ts';
import { toDisplayRow } from './displayRow.ts';
import { displayRow, servedRow } from './fixtures.test-support.ts';

const lines = (csv: string) => csv.trimEnd().split('\r\n');
const header = (csv: string) => (lines(csv)[0] as string).split(',');
const many = (n: number) => Array.from({ length: n }, (_, i) => displayRow(`S${i}`));

describe('Discovery CSV (discovery spec §5)', () => {
  it('holds at most 1000 rows; the full export is Pro Plus only', () => {
    const rows = many(1500);
    const cols = defaultDiscoveryColumns();
    expect(lines(csvOf(rows, cols, 'proplus', false))).toHaveLength(1001);
    expect(lines(csvOf(rows, cols, 'proplus', true))).toHaveLength(1501);
    expect(lines(csvOf(rows, cols, 'pro', true))).toHaveLength(1001);
    expect(lines(csvOf(rows, cols, 'oldpro', true))).toHaveLength(1001);
    expect(lines(csvOf(many(3), cols, 'pro', false))).toHaveLength(4);
  });

  it('leaves out the columns a plan may not see, and the hidden ones; never Actions', () => {
    const cols = defaultDiscoveryColumns();
    expect(csvColumns(cols, 'proplus')).toHaveLength(14);
    expect(csvColumns(cols, 'pro')).toEqual([
      'symbol',
      'price_dist',
      'volume',
      'float',
      'momentum',
      'uVol',
      'vWapDist',
      'rs',
    ]);
    expect(csvColumns(cols, 'oldpro')).toContain('squeeze');
    expect(csvColumns(cols, 'oldpro')).toContain('moneyflow');
    expect(csvColumns(cols, 'oldpro')).not.toContain('atr');
    const noFloat = cols.map((c) => (c.column === 'float' ? { ...c, hidden: true } : c));
    expect(csvColumns(noFloat, 'proplus')).not.toContain('float');
    expect(header(csvOf([], cols, 'pro', false))).toEqual([
      'Symbol',
      'Last',
      'Change %',
      'Change $',
      'Volume',
      'Volume Change %',
      'Float',
      'Momentum',
      'UVol',
      'VWAPDist',
      'RelStr',
    ]);
  });

  it('writes numbers raw (not abbreviated), vWAP with 4 decimals, unknown values empty', () => {
    const row = toDisplayRow(servedRow({ s: 'ABC', vw: -2.5, f: 20_000_000, z: null }), 1);
    const csv = csvOf([row], defaultDiscoveryColumns(), 'proplus', false);
    const h = header(csv);
    const values = (lines(csv)[1] as string).split(',');
    const at = (name: string) => values[h.indexOf(name)];
    expect(at('Symbol')).toBe('ABC');
    expect(at('Float')).toBe('20000000');
    expect(at('Money Flow')).toBe('500000');
    expect(at('VWAPDist')).toBe('-2.5000');
    expect(at('Squeeze')).toBe('');
    expect(at('ATR $')).toBe('0.53');
    expect(at('Gap %')).toBe('25');
    expect(at('Trend')).toBe('BUY');
    expect(at('Trend Price')).toBe('11.9');
    expect(at('RelStr')).toBe('2');
  });

  it('rounds numbers as the table shows them: 2 decimals, prices below a dollar 4', () => {
    const row = displayRow('ABC', {
      last: 870.125,
      price_dist: 0.31000000000000005,
      dollar_dist: 0.1 + 0.2,
      rs: 1.005,
      uVol: -12.3456,
      volume: 40_000,
    });
    const penny = displayRow('PNY', { last: 0.123456, dollar_dist: -0.012345 });
    const csv = csvOf([row, penny], defaultDiscoveryColumns(), 'proplus', false);
    const h = header(csv);
    const [abc, pny] = lines(csv)
      .slice(1)
      .map((l) => l.split(','));
    const at = (values: string[] | undefined, name: string) => values?.[h.indexOf(name)];
    expect(at(abc, 'Last')).toBe('870.13');
    expect(at(abc, 'Change %')).toBe('0.31');
    expect(at(abc, 'Change $')).toBe('0.3');
    expect(at(abc, 'RelStr')).toBe('1.01');
    expect(at(abc, 'UVol')).toBe('-12.35');
    expect(at(abc, 'Volume')).toBe('40000');
    expect(at(pny, 'Last')).toBe('0.1235');
    expect(at(pny, 'Change $')).toBe('-0.0123');
    expect(csv).not.toMatch(/\d\.\d{5,}/);
  });
});

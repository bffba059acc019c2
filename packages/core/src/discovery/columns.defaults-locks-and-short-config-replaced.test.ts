import { describe, expect, it } from 'vitest';
import { discoveryConfigSchema } from '../dashboard/configSchema.ts';
import {
  columnLockedFor,
  DISCOVERY_COLUMNS,
  defaultDiscoveryColumns,
  normalizeDiscoveryColumns,
} from './columns.ts';

describe('the Discovery columns (discovery spec §2, §3 config, §5 column access)', () => {
  it('are the 15 of §2 in order; every one but Actions sorts', () => {
    expect(DISCOVERY_COLUMNS.map((c) => c.label)).toEqual([
      'Symbol',
      'Last',
      'Volume',
      'Money Flow',
      'Float',
      'Momentum',
      'UVol',
      'VWAPDist',
      'Short Ratio',
      'Squeeze',
      'ATR',
      'Trend',
      'RelStr',
      'Gap',
      'Actions',
    ]);
    expect(DISCOVERY_COLUMNS.filter((c) => !c.sortable).map((c) => c.id)).toEqual(['actions']);
  });

  it('locks squeeze and money flow below Pro Plus except old Pro; trend, short ratio, ATR and gap below Pro Plus', () => {
    const locked = (access: 'pro' | 'oldpro' | 'proplus') =>
      DISCOVERY_COLUMNS.filter((c) => columnLockedFor(c.id, access)).map((c) => c.id);
    expect(locked('proplus')).toEqual([]);
    expect(locked('oldpro')).toEqual(['short_ratio', 'atr', 'trend', 'gap']);
    expect(locked('pro')).toEqual(['moneyflow', 'short_ratio', 'squeeze', 'atr', 'trend', 'gap']);
    expect(DISCOVERY_COLUMNS.filter((c) => c.lockedFor('oldpro')).map((c) => c.id)).toEqual(locked('oldpro'));
  });

  it('default: everything shown, % for price, ATR and gap', () => {
    const d = defaultDiscoveryColumns();
    expect(d).toHaveLength(15);
    expect(d.every((c) => !c.hidden)).toBe(true);
    expect(d.filter((c) => c.display !== undefined)).toEqual([
      { column: 'price_dist', hidden: false, display: '%' },
      { column: 'atr', hidden: false, display: '%' },
      { column: 'gap', hidden: false, display: '%' },
    ]);
    expect(discoveryConfigSchema.safeParse(d).success).toBe(true);
  });

  it('a saved config with fewer columns than the default is replaced by the default', () => {
    const short = defaultDiscoveryColumns()
      .slice(0, 14)
      .map((c) => ({ ...c, hidden: c.column === 'float' }));
    expect(normalizeDiscoveryColumns(short)).toEqual(defaultDiscoveryColumns());
    expect(normalizeDiscoveryColumns(undefined)).toEqual(defaultDiscoveryColumns());
    expect(normalizeDiscoveryColumns('garbage')).toEqual(defaultDiscoveryColumns());
    // Unknown or repeated entries do not make up the count.
    const padded = [...short, { column: 'float', hidden: true }, { column: 'nope', hidden: true }];
    expect(normalizeDiscoveryColumns(padded)).toEqual(defaultDiscoveryColumns());
  });

  it('a full saved config keeps its hidden flags and displays, in §2 order; Symbol and Actions stay shown', () => {
    const saved = defaultDiscoveryColumns()
      .reverse()
      .map((c) =>
        c.column === 'atr'
          ? { ...c, display: '$' as const }
          : c.column === 'gap'
            ? { column: 'gap' as const, hidden: true }
            : { ...c, hidden: c.column === 'symbol' || c.column === 'float' },
      );
    const n = normalizeDiscoveryColumns(saved);
    expect(n.map((c) => c.column)).toEqual(DISCOVERY_COLUMNS.map((c) => c.id));
    expect(n.find((c) => c.column === 'atr')).toEqual({ column: 'atr', hidden: false, display: '$' });
    expect(n.find((c) => c.column === 'gap')).toEqual({ column: 'gap', hidden: true, display: '%' });
    expect(n.find((c) => c.column === 'float')?.hidden).toBe(true);
    expect(n.find((c) => c.column === 'symbol')?.hidden).toBe(false);
  });

  it('the config schema refuses unknown columns and displays', () => {
    expect(discoveryConfigSchema.safeParse([{ column: 'nope', hidden: false }]).success).toBe(false);
    expect(discoveryConfigSchema.safeParse([{ column: 'atr', hidden: false, display: 'x' }]).success).toBe(
      false,
    );
  });
});

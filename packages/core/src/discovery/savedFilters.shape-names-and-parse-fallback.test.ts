import { describe, expect, it } from 'vitest';
import { filterMessages } from '../alerts/filteredAlert.ts';
import { saveDiscoveryRequestSchema } from '../api/settings.ts';
import {
  DEFAULT_FILTER_NAME,
  discoverySettingsSchema,
  parseDiscoverySettings,
  smartFilterProblem,
} from './savedFilters.ts';

const bigMovers = { type: 'all' as const, values: { price_dist: { min: 5 }, uVol: { min: 100 } } };
const squeeze = {
  type: 'any' as const,
  values: { squeeze: { min: { NOW: true } }, trend: { min: 'up' as const } },
};
const issues = (v: unknown) => {
  const r = discoverySettingsSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('saved smart filters (discovery spec §3 Table filter, §7)', () => {
  it('accepts a map of name → {type, values} in the filtered-alert shape and the selected name', () => {
    const body = {
      discovery: { filters: { 'Big movers': bigMovers, Squeeze: squeeze }, selected: 'Squeeze' },
    };
    expect(saveDiscoveryRequestSchema.parse(body)).toEqual(body);
    expect(issues({ filters: {}, selected: DEFAULT_FILTER_NAME })).toEqual([]);
  });

  it('refuses unknown columns, a bad type, and the old column list', () => {
    expect(
      issues({ filters: { A: { type: 'all', values: { nope: { min: 1 } } } }, selected: 'A' }),
    ).not.toEqual([]);
    expect(issues({ filters: { A: { type: 'some', values: {} } }, selected: 'A' })).not.toEqual([]);
    expect(discoverySettingsSchema.safeParse([{ column: 'symbol', hidden: false }]).success).toBe(false);
  });

  it('refuses filters that break a §5 rule, with the rule’s message', () => {
    expect(issues({ filters: { A: { type: 'all', values: {} } }, selected: 'A' })).toEqual([
      filterMessages.rowRequired,
    ]);
    expect(
      issues({ filters: { A: { type: 'all', values: { last: { min: 5, max: 1 } } } }, selected: 'A' }),
    ).toEqual([filterMessages.maxBelowMin]);
    expect(
      issues({
        filters: { A: { type: 'all', values: { squeeze: { min: { PRE: 7, POST: -2 } } } } },
        selected: 'A',
      }),
    ).toEqual([filterMessages.squeezePreAndPost]);
  });

  it('refuses names that differ only in case, blank names, Default and temp- names', () => {
    expect(issues({ filters: { Big: bigMovers, big: bigMovers }, selected: 'Big' })).toEqual([
      'A filter already exists with the same name',
    ]);
    expect(issues({ filters: { ' ': bigMovers }, selected: 'Default' })).toHaveLength(1);
    expect(issues({ filters: { Default: bigMovers }, selected: 'Default' })).toHaveLength(1);
    expect(issues({ filters: { 'temp-1': bigMovers }, selected: 'temp-1' })).toHaveLength(1);
  });

  it('smartFilterProblem: Filter needs a row only; Save & Filter and Update also a unique name', () => {
    expect(smartFilterProblem({ name: '', values: bigMovers.values }, ['Big'], false)).toBeNull();
    expect(smartFilterProblem({ name: '', values: bigMovers.values }, [], true)).toBe(
      filterMessages.nameRequired,
    );
    expect(smartFilterProblem({ name: 'big', values: bigMovers.values }, ['Big'], true)).toBe(
      'A filter already exists with the same name',
    );
    expect(smartFilterProblem({ name: 'x', values: {} }, [], false)).toBe(filterMessages.rowRequired);
  });

  it('parsing saved text falls back to the default on bad or old text, and a missing selection to Default', () => {
    expect(parseDiscoverySettings(null)).toEqual({
      settings: { filters: {}, selected: 'Default' },
      valid: true,
    });
    expect(parseDiscoverySettings('{').valid).toBe(false);
    expect(parseDiscoverySettings('[{"column":"symbol","hidden":false}]')).toEqual({
      settings: { filters: {}, selected: 'Default' },
      valid: false,
    });
    const saved = JSON.stringify({ filters: { Big: bigMovers }, selected: 'Gone' });
    expect(parseDiscoverySettings(saved)).toEqual({
      settings: { filters: { Big: bigMovers }, selected: 'Default' },
      valid: true,
    });
  });
});

import type { AlertRule } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { rule, ruleSet, USER, World } from './testWorld.ts';

// Issue 27 item 10: an edited rule does not fire at once at the level the symbol is already at,
// and a Hi/Low step may be a percent of the last fired price.

const pct = (r: AlertRule): AlertRule => ({ ...r, unit: 'percent' });

describe('editing a rule does not fire it at once at the current level', () => {
  it('price 2 % edited to 1 % while the stock is up 3.5 %: silent, then the next 1 % step fires', () => {
    const w = new World([{ sym: 'ABC', prevClose: 10 }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(3, 'price', 'ABC', 2)] }));
    expect(w.walk('ABC', [10.35])).toEqual(['ABC up 3.5% at 10.35']);
    w.ev.setUser(USER, ruleSet({ rules: [rule(3, 'price', 'ABC', 1)] }));
    expect(w.walk('ABC', [10.36, 10.38])).toEqual([]); // step 3 of 1 % is where it stands
    expect(w.walk('ABC', [10.41])).toEqual(['ABC up 4.1% at 10.41']);
  });

  it('uv 20 edited to 30 while uVol is 245 %: silent until it has fallen below 30 and come back', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.profile('ABC', 1000);
    w.ev.setUser(USER, ruleSet({ rules: [rule(4, 'uv', 'ABC', 20)] }));
    expect(w.print('ABC', 10, 100_000).map((a) => a.kind)).toEqual(['uv']);
    w.ev.setUser(USER, ruleSet({ rules: [rule(4, 'uv', 'ABC', 30)] }));
    expect(w.print('ABC', 10, 100)).toEqual([]);
    expect(w.print('ABC', 10, 100)).toEqual([]);
  });

  it('vwap 2 % created while 3 % away fires (a new rule), but an edit to 2.5 % at 3 % away does not', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.profile('ABC', 1000);
    w.print('ABC', 10, 1000);
    w.ev.setUser(USER, ruleSet({ rules: [rule(5, 'vwap', 'ABC', 2)] }));
    expect(w.print('ABC', 10.35).map((a) => a.kind)).toEqual(['vwap']);
    w.ev.setUser(USER, ruleSet({ rules: [rule(5, 'vwap', 'ABC', 2.5)] }));
    expect(w.print('ABC', 10.36)).toEqual([]);
  });

  it('a Hi/Low step edited from $0.10 to $0.50 keeps its ladder: the next high fires 0.50 above the last fired', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1)] }));
    expect(w.walk('ABC', [11.9, 12.0])).toEqual(['ABC new high 12.00']);
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.5)] }));
    expect(w.walk('ABC', [12.01, 12.2, 12.49, 12.5])).toEqual(['ABC new high 12.50']);
  });
});

describe('Hi/Low steps in percent of the last fired price', () => {
  it('5 %: a $2 name fires every 10 cents and a $200 name every $10, from one setting', () => {
    const w = new World([{ sym: 'LOW' }, { sym: 'HIGH' }]);
    w.ev.setUser(
      USER,
      ruleSet({ rules: [pct(rule(1, 'trade', 'LOW', 5)), pct(rule(2, 'trade', 'HIGH', 5))] }),
    );
    expect(w.walk('LOW', [1.99, 2.0, 2.05, 2.09, 2.1, 2.2, 2.21])).toEqual([
      'LOW new high 2.00',
      'LOW new high 2.10',
      'LOW new high 2.21',
    ]);
    expect(w.walk('HIGH', [199, 200, 205, 209.99, 210])).toEqual([
      'HIGH new high 200.00',
      'HIGH new high 210.00',
    ]);
  });

  it('lows step down by the percent too: 10 % from 2.00 fires at 1.80, not at 1.81', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ rules: [pct(rule(1, 'trade', 'ABC', 10))] }));
    expect(w.walk('ABC', [2.01, 2.0, 1.9, 1.81, 1.8])).toEqual(['ABC new low 2.00', 'ABC new low 1.80']);
  });

  it('a percent category rule and a dollar one with the same number are separate ladders', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ rules: [pct(rule(1, 'trade', 'popular', 1))] }));
    w.ev.setPopular(['ABC']);
    expect(w.walk('ABC', [9.99, 10, 10.05, 10.1])).toEqual(['ABC new high 10.00', 'ABC new high 10.10']);
    expect(w.ev.stats().categoryWatches).toBe(1);
  });
});

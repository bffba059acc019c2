import { describe, expect, it } from 'vitest';
import { priceBase, priceNext, priceStep } from './rearm.ts';
import { rule, ruleSet, USER, World } from './testWorld.ts';

describe('price rules: |% change from prior close| in rate % steps, re-armed through 0', () => {
  it('2 % on a stock at +1.9 %, +2.1 % (fires), +3.5 %, +4.0 % (fires), −0.1 % (re-arms at both signs)', () => {
    const w = new World([{ sym: 'ABC', prevClose: 10 }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(3, 'price', 'ABC', 2)] }));
    expect(w.walk('ABC', [10.19, 10.21, 10.35, 10.4, 9.99])).toEqual([
      'ABC up 2.1% at 10.21',
      'ABC up 4.0% at 10.40',
    ]);
    // Re-armed on both sides: up 2 % fires again, and so does down 2 % after another cross.
    expect(w.walk('ABC', [10.21, 9.99, 9.79])).toEqual(['ABC up 2.1% at 10.21', 'ABC down 2.1% at 9.79']);
    const down = w.alerts.at(-1);
    expect(down).toMatchObject({ kind: 'price', zone: 'primary_low', ruleId: 3, price: 9.79 });
    expect(down?.price_dist).toBeCloseTo(-2.1, 9);
  });

  it('falling back inside a step does not re-arm it: +4.0 %, +2.5 %, +4.2 % fire once; +6.0 % fires', () => {
    const w = new World([{ sym: 'ABC', prevClose: 10 }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(3, 'price', 'ABC', 2)] }));
    expect(w.walk('ABC', [10.4, 10.25, 10.42, 10.6])).toEqual([
      'ABC up 4.0% at 10.40',
      'ABC up 6.0% at 10.60',
    ]);
  });

  it('the low–high bounds hold the rule while the last price is outside them', () => {
    const w = new World([{ sym: 'ABC', prevClose: 10 }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(3, 'price', 'ABC', 2, 9, 10.3)] }));
    // 10.40 is +4 % but above the 10.30 bound; back at 10.25 (+2.5 %) it is inside and fires.
    expect(w.walk('ABC', [10.4, 10.25])).toEqual(['ABC up 2.5% at 10.25']);
  });

  it('the step arithmetic: 6.0 / 2 is step 3 even when the division lands short', () => {
    expect(priceStep(((10.6 - 10) / 10) * 100, 2)).toBe(3);
    expect(priceStep(0.3, 0.1)).toBe(3);
    expect(priceStep(-4.1, 2)).toBe(-2);
    expect(priceBase(2, 0)).toBe(0);
    expect(priceBase(-1, 0.5)).toBe(0);
    expect(priceBase(2, 0.5)).toBe(2);
    expect(priceNext(2, 5.9, 2)).toBe(2);
    expect(priceNext(0, -2.0, 2)).toBe(-1);
  });
});

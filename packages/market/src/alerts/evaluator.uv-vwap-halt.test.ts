import { describe, expect, it } from 'vitest';
import { ny, rule, ruleSet, USER, USER2, USER3, World } from './testWorld.ts';

describe('uv rules: uVol ≥ rate, re-armed after falling below it', () => {
  it('20 % with 1,000 shares a slot on average: fires at +25 %, holds, re-arms below 20 %, fires again', () => {
    // 09:50 is slot 23 from 04:00: the usual volume by now is 24 slots × 1,000 = 24,000.
    const w = new World([{ sym: 'ABC' }], ny(9, 50));
    w.profile('ABC', 1000);
    w.ev.setUser(USER, ruleSet({ rules: [rule(4, 'uv', 'ABC', 20)] }));
    expect(w.print('ABC', 10, 20_000)).toEqual([]); // −16.7 %
    const [a] = w.print('ABC', 10, 10_000); // 30,000: +25 %
    expect(a).toMatchObject({
      kind: 'uv',
      msg: 'ABC unusual volume 25%',
      uv: 25,
      zone: 'primary_high',
      ruleId: 4,
    });
    expect(w.print('ABC', 10, 1_000)).toEqual([]); // 31,000: +29 %, already fired
    // 10:00 is slot 24: 25,000 usual; 31,000 is +24 % — still above, nothing.
    w.now = ny(10, 0);
    expect(w.print('ABC', 10, 0)).toEqual([]);
    // 10:15 (26,000 usual): +19.2 % re-arms; 31,500 (+21.2 %) fires again.
    w.now = ny(10, 15);
    expect(w.print('ABC', 10, 0)).toEqual([]);
    expect(w.print('ABC', 10, 500).map((x) => x.msg)).toEqual(['ABC unusual volume 21%']);
  });

  it('no volume profile, no uVol: the rule never fires', () => {
    const w = new World([{ sym: 'ABC' }], ny(9, 50));
    w.ev.setUser(USER, ruleSet({ rules: [rule(4, 'uv', 'ABC', 20)] }));
    expect(w.print('ABC', 10, 1_000_000)).toEqual([]);
  });
});

describe('vwap rules: |distance from VWAP| ≥ rate %, re-armed within rate / 2', () => {
  it('2 %: fires 2.3 % above, holds at 2.5 %, re-arms at 0.5 %, fires 3.2 % below', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.profile('ABC', 1000);
    w.ev.setUser(USER, ruleSet({ rules: [rule(5, 'vwap', 'ABC', 2)] }));
    expect(w.print('ABC', 10, 1000)).toEqual([]);
    expect(w.print('ABC', 10.25).map((a) => [a.msg, a.zone])).toEqual([
      ['ABC 2.3% above VWAP', 'primary_high'],
    ]);
    expect(w.print('ABC', 10.3)).toEqual([]); // 2.5 % above
    expect(w.print('ABC', 10.1)).toEqual([]); // 0.5 %: re-armed
    const [below] = w.print('ABC', 9.7);
    expect(below).toMatchObject({ msg: 'ABC 3.2% below VWAP', zone: 'primary_low', kind: 'vwap' });
    expect(below?.vwap).toBeCloseTo(14_035 / 1400, 9);
    // The alert carries uVol too: 09:30 is slot 22, so 23,000 shares are usual by now.
    expect(below?.uv).toBeCloseTo(((1400 - 23_000) / 23_000) * 100, 9);
  });
});

describe('halt rules: every halt and every resume, to every Halts subscriber', () => {
  it('a halt and its resume are two alerts for each subscriber, with subtype and reason', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ tier: 'standard', rules: [rule(1, 'halt', 'halt', 0)] }));
    w.ev.setUser(USER2, ruleSet({ tier: 'pro', rules: [rule(2, 'halt', 'halt', 0)] }));
    w.ev.setUser(USER3, ruleSet({ rules: [rule(3, 'trade', 'XYZ', 0.1)] }));
    w.print('ABC', 10);
    const t = w.now;
    const halted = w.halt('ABC', true, 'LUDP');
    expect(halted.map((a) => [a.userId, a.msg, a.subtype, a.reason_code, a.zone, a.kind, a.ruleId])).toEqual([
      [USER, 'ABC halted (LUDP)', 'halt', 'LUDP', 'halt', 'halt', 1],
      [USER2, 'ABC halted (LUDP)', 'halt', 'LUDP', 'halt', 'halt', 2],
    ]);
    expect(halted[0]?.key).toBe(`${USER}:1:ABC:halt:${t}`);
    expect(w.halt('ABC', true, 'LUDP')).toEqual([]); // the same state again is not an event
    expect(w.halt('ABC', false, '').map((a) => a.msg)).toEqual(['ABC resumed', 'ABC resumed']);
  });

  it('a halt and a resume inside one batch keep their own times', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ tier: 'standard', rules: [rule(1, 'halt', 'halt', 0)] }));
    const t0 = w.now;
    w.engine.ingestStatus({ sym: 'ABC', halted: true, reason: 'T1', ts: t0 });
    w.engine.ingestStatus({ sym: 'ABC', halted: false, reason: 'T1', ts: t0 + 100 });
    expect(w.batch().map((a) => [a.msg, a.time])).toEqual([
      ['ABC halted (T1)', t0],
      ['ABC resumed', t0 + 100],
    ]);
  });
});

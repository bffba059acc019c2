import type { FilteredAlert, FiredDraft } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import type { DiscoveryRow } from '../discovery/row.ts';
import { AlertEvaluator } from './AlertEvaluator.ts';
import { FILTER_REARM_MS } from './filteredBook.ts';
import { rule, ruleSet, USER, USER2 } from './testWorld.ts';

const T0 = Date.UTC(2025, 10, 24, 15, 0);

/** A 1-day row: `gapPct` of a $10 prior close, Technology (1) unless told. */
function row(s: string, gapPct: number, e = 1): DiscoveryRow {
  const l = 10 + gapPct / 10;
  return {
    s,
    l,
    p: [gapPct, l - 10],
    pl: 10,
    v: 1000,
    av: 50_000,
    m: 0,
    u: 150,
    vw: 1.5,
    e,
    f: 1e7,
    sr: 1,
    t: 0,
    n: null,
    g: l - 10,
    z: null,
    tr: 4,
    st: [1, 9.5, 0],
    mf: [10_000, null],
    rv: [1000, null],
  };
}

const gappers: FilteredAlert = {
  name: 'Gappers',
  type: 'all',
  values: { gap: { min: 5, max: null } },
  sector: { min: [1] },
  timeframe: { min: '1day' },
};

function setup() {
  const alerts: FiredDraft[] = [];
  const ev = new AlertEvaluator((a) => alerts.push(a));
  ev.setUser(USER, ruleSet({ rules: [], filtered: [gappers] }));
  let t = T0;
  const refresh = (rows: DiscoveryRow[], tf: '1day' | '15min' = '1day', stepMs = 1000) => {
    const before = alerts.length;
    t += stepMs;
    ev.onDiscovery(tf, rows, t);
    return alerts.slice(before).map((a) => `${a.userId === USER ? 'u1' : 'u2'} ${a.msg}`);
  };
  return { ev, alerts, refresh, now: () => t };
}

describe('filtered alerts: a symbol newly entering the filter’s result', () => {
  it('the first refresh is the silent baseline; then entering fires, staying does not, leaving re-arms', () => {
    const { refresh, alerts, now } = setup();
    expect(refresh([row('ABC', 6), row('XYZ', 2)])).toEqual([]); // ABC was in before we looked
    expect(refresh([row('ABC', 6), row('XYZ', 5)])).toEqual(['u1 XYZ entered filter Gappers']);
    expect(alerts[0]).toMatchObject({
      key: `${USER}:Gappers:XYZ:filtered:${now()}`,
      kind: 'filtered',
      filter: 'Gappers',
      zone: 'filtered',
      ruleId: null,
      price: 10.5,
      price_dist: 5,
      uv: 150,
      vwap_dist: 1.5,
      time: now(),
    });
    expect(alerts[0]?.vwap).toBeCloseTo(10.5 / 1.015, 9);
    expect(refresh([row('ABC', 6), row('XYZ', 7)])).toEqual([]);
    expect(refresh([row('ABC', 6), row('XYZ', 4.9)])).toEqual([]); // left
    // Out for the whole hysteresis: entering again fires.
    expect(refresh([row('ABC', 6), row('XYZ', 4.9)], '1day', FILTER_REARM_MS)).toEqual([]);
    expect(refresh([row('ABC', 6), row('XYZ', 5.2)])).toEqual(['u1 XYZ entered filter Gappers']);
  });

  it('a symbol flickering across the threshold fires once, not at every re-entry', () => {
    // The "ONEZ entered filter 15m movers" three times in 34 s.
    const { refresh } = setup();
    refresh([]);
    expect(refresh([row('ONEZ', 5.1)])).toEqual(['u1 ONEZ entered filter Gappers']);
    for (let i = 0; i < 17; i++) {
      expect(refresh([row('ONEZ', 4.9)])).toEqual([]);
      expect(refresh([row('ONEZ', 5.1)])).toEqual([]);
    }
  });

  it('re-arms only after 5 minutes out without a break: a return inside the window restarts it', () => {
    const { refresh } = setup();
    refresh([]);
    expect(refresh([row('XYZ', 6)])).toEqual(['u1 XYZ entered filter Gappers']);
    refresh([row('XYZ', 2)]); // out at t
    expect(refresh([row('XYZ', 6)], '1day', FILTER_REARM_MS - 2000)).toEqual([]); // 4:58 out: silent
    refresh([row('XYZ', 2)]); // out again: the 5 minutes start over
    expect(refresh([row('XYZ', 6)], '1day', FILTER_REARM_MS - 1000)).toEqual([]);
    refresh([row('XYZ', 2)]);
    expect(refresh([row('XYZ', 6)], '1day', FILTER_REARM_MS)).toEqual(['u1 XYZ entered filter Gappers']);
  });

  it('only its own timeframe and its sectors count', () => {
    const { refresh } = setup();
    refresh([]);
    expect(refresh([row('XYZ', 9)], '15min')).toEqual([]);
    expect(refresh([row('BIO', 9, 9)])).toEqual([]);
    expect(refresh([row('XYZ', 9)])).toEqual(['u1 XYZ entered filter Gappers']);
  });

  it('a second user with the same filter shares its evaluation but has a baseline of its own', () => {
    const { ev, refresh } = setup();
    refresh([row('ABC', 2)]);
    ev.setUser(USER2, ruleSet({ rules: [], filtered: [{ ...gappers, name: 'My gaps' }] }));
    expect(ev.stats()).toMatchObject({ filteredAlerts: 2, distinctFilters: 1 });
    expect(refresh([row('ABC', 6)])).toEqual(['u1 ABC entered filter Gappers']);
    expect(refresh([row('ABC', 2)])).toEqual([]);
    expect(refresh([row('ABC', 6)], '1day', FILTER_REARM_MS)).toEqual([
      'u1 ABC entered filter Gappers',
      'u2 ABC entered filter My gaps',
    ]);
  });

  it('setUser that keeps the filter keeps its baseline; a changed filter starts a new one', () => {
    const { ev, refresh } = setup();
    refresh([row('ABC', 2)]);
    ev.setUser(USER, ruleSet({ rules: [rule(1, 'trade', 'ABC', 0.1)], filtered: [gappers] }));
    expect(refresh([row('ABC', 6)])).toEqual(['u1 ABC entered filter Gappers']);
    const wider = { ...gappers, values: { gap: { min: 1, max: null } } };
    ev.setUser(USER, ruleSet({ rules: [], filtered: [wider] }));
    expect(refresh([row('ABC', 6), row('XYZ', 2)])).toEqual([]);
    expect(refresh([row('ABC', 6), row('XYZ', 2), row('NEW', 3)])).toEqual(['u1 NEW entered filter Gappers']);
  });

  it('lists the timeframes it needs rows for', () => {
    const { ev } = setup();
    ev.setUser(USER2, ruleSet({ rules: [], filtered: [{ ...gappers, timeframe: { min: '15min' } }] }));
    expect(ev.filteredTimeframes().sort()).toEqual(['15min', '1day']);
    ev.clearUser(USER2);
    expect(ev.filteredTimeframes()).toEqual(['1day']);
  });
});

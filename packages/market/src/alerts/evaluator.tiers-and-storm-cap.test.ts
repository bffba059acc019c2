import { defaultChannelValue, type FilteredAlert, type StreamChannel } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { ALERTS_PER_MINUTE } from './stormCap.ts';
import { ny, rule, ruleSet, USER, USER2, World } from './testWorld.ts';

const gappers: FilteredAlert = {
  name: 'Gappers',
  type: 'all',
  values: { gap: { min: 5 } },
  sector: { min: [9] },
  timeframe: { min: '1day' },
};

describe('tiers: rules above the user’s tier are ignored', () => {
  const rules = [
    rule(1, 'trade', 'ABC', 0.1),
    rule(2, 'price', 'ABC', 2),
    rule(3, 'uv', 'ABC', 20),
    rule(4, 'vwap', 'ABC', 2),
  ];

  it('Standard keeps trade (and halt); Pro adds price, uv, vwap; only Pro Plus keeps filtered alerts', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ tier: 'standard', rules, filtered: [gappers] }));
    expect(w.ev.stats()).toMatchObject({
      symbolRules: { trade: 1, uv: 0, vwap: 0, price: 0 },
      filteredAlerts: 0,
    });
    w.ev.setUser(USER, ruleSet({ tier: 'pro', rules, filtered: [gappers] }));
    expect(w.ev.stats()).toMatchObject({
      symbolRules: { trade: 1, uv: 1, vwap: 1, price: 1 },
      filteredAlerts: 0,
    });
    w.ev.setUser(USER, ruleSet({ tier: 'proplus', rules, filtered: [gappers] }));
    expect(w.ev.stats()).toMatchObject({ filteredAlerts: 1 });
  });

  it('a Standard user’s price rule does not fire where a Pro user’s does', () => {
    const w = new World([{ sym: 'ABC', prevClose: 10 }]);
    w.ev.setUser(USER, ruleSet({ tier: 'standard', rules: [rule(2, 'price', 'ABC', 2)] }));
    w.ev.setUser(USER2, ruleSet({ tier: 'pro', rules: [rule(5, 'price', 'ABC', 2)] }));
    expect(w.print('ABC', 10.3).map((a) => a.userId)).toEqual([USER2]);
  });

  it('ATR % and gap % channel ranges apply to Pro Plus only, as on the stream', () => {
    const gapped: StreamChannel = {
      channel: 'main',
      title: 'Main',
      type: 'filter',
      value: { ...defaultChannelValue(), gap: { min: 10, max: 1000 } },
    };
    const w = new World([{ sym: 'ABC', prevClose: 10 }]);
    w.print('ABC', 10.5); // opens at 10.50: a +5 % gap
    const set = (tier: 'pro' | 'proplus') =>
      ruleSet({
        tier,
        rules: [rule(1, 'trade', 'primary_high', 0.1)],
        channels: { main: gapped, alt: gapped },
      });
    w.ev.setUser(USER, set('pro'));
    w.ev.setUser(USER2, set('proplus'));
    expect(w.print('ABC', 10.8).map((a) => a.userId)).toEqual([USER]);
  });
});

describe('storm cap: 20 alerts a minute per user, the rest as one digest when the minute ends', () => {
  const syms = Array.from({ length: 32 }, (_, k) => `S${String(k + 1).padStart(2, '0')}`);

  it('32 new highs in one minute: 20 alerts, then "12 more alerts: S21, …" at the minute’s end', () => {
    const w = new World(syms.map((sym) => ({ sym })));
    for (const sym of syms) w.print(sym, 10, 100, 0);
    w.ev.setUser(USER, ruleSet({ rules: [rule(1, 'trade', 'primary_high', 0.1)] }));
    w.ev.setUser(USER2, ruleSet({ rules: [rule(2, 'trade', 'S01', 0.1)] }));
    const start = w.now;
    for (const sym of syms) w.print(sym, 11, 100, 1000);
    const mine = w.alerts.filter((a) => a.userId === USER);
    expect(mine).toHaveLength(ALERTS_PER_MINUTE);
    expect(w.alerts.filter((a) => a.userId === USER2)).toHaveLength(1); // the cap is per user
    w.ev.tick(start + 59_999);
    expect(w.alerts.filter((a) => a.kind === 'digest')).toEqual([]);
    w.ev.tick(start + 60_000);
    const digest = w.alerts.filter((a) => a.kind === 'digest');
    expect(digest).toEqual([
      {
        key: `${USER}:digest:${start}`,
        userId: USER,
        ruleId: null,
        kind: 'digest',
        symbol: 'S21',
        msg: '12 more alerts: S21, S22, S23, S24, S25, …',
        time: start + 60_000,
        published_ts: start + 60_000,
        price: null,
        price_dist: null,
        uv: null,
        vwap: null,
        vwap_dist: null,
        zone: null,
        symbols: syms.slice(20),
      },
    ]);
    w.ev.tick(start + 120_000);
    expect(w.alerts.filter((a) => a.kind === 'digest')).toHaveLength(1);
    // A new minute: alerts flow again.
    w.now = start + 61_000;
    expect(w.print('S01', 12)).toHaveLength(2);
  });

  it('the next batch after the minute also delivers the digest, before its own alerts', () => {
    const w = new World(
      syms.map((sym) => ({ sym })),
      ny(10),
    );
    for (const sym of syms) w.print(sym, 10, 100, 0);
    w.ev.setUser(USER, ruleSet({ rules: [rule(1, 'trade', 'primary_high', 0.1)] }));
    for (const sym of syms.slice(0, 21)) w.print(sym, 11, 100, 0);
    w.now += 60_000;
    expect(w.print('S22', 11).map((a) => [a.kind, a.msg])).toEqual([
      ['digest', '1 more alert: S21'],
      ['trade', 'S22 new high 11.00'],
    ]);
  });

  it('the same firing computed twice has the same key', () => {
    const run = () => {
      const w = new World([{ sym: 'ABC' }]);
      w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1), rule(8, 'halt', 'halt', 0)] }));
      w.walk('ABC', [11.9, 12, 12.1]);
      w.halt('ABC', true, 'LUDP');
      return w.alerts.map((a) => a.key);
    };
    const keys = run();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect(run()).toEqual(keys);
  });
});

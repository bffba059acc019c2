import { describe, expect, it } from 'vitest';
import { ny, rule, ruleSet, USER, World } from './testWorld.ts';

describe('trade (Hi/Low) rules: a $ step since the last fired price, per direction', () => {
  it('ABC rate 0.10 fires at the new high 12.00, not at 12.05, again at 12.10', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1)] }));
    expect(w.walk('ABC', [11.9])).toEqual([]); // the session's first print is not a new high
    expect(w.walk('ABC', [12.0, 12.05, 12.08, 12.1])).toEqual(['ABC new high 12.00', 'ABC new high 12.10']);
  });

  it('the fired alert carries the rule, the zone, the figures, the print time and the publish time, and a key made of them', () => {
    const w = new World([{ sym: 'ABC', prevClose: 10 }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1)] }));
    w.print('ABC', 11.9);
    const t = w.now;
    const [a] = w.print('ABC', 12);
    expect(a).toEqual({
      key: `${USER}:7:ABC:high:${t}`,
      userId: USER,
      ruleId: 7,
      kind: 'trade',
      symbol: 'ABC',
      msg: 'ABC new high 12.00',
      time: t,
      // The evaluator ran on the batch of the same instant: published as it printed.
      published_ts: t,
      price: 12,
      price_dist: 20,
      uv: null, // no volume profile seeded
      vwap: (11.9 * 100 + 12 * 100) / 200,
      vwap_dist: ((12 - 11.95) / 11.95) * 100,
      zone: 'primary_high',
    });
  });

  it('a print published late says both times: the exchange time of the print and the later publish time', () => {
    const w = new World([{ sym: 'ABC', prevClose: 10 }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1)] }));
    w.print('ABC', 11.9);
    const printed = w.now;
    w.engine.ingest({ sym: 'ABC', price: 12, size: 100, ts: printed });
    w.now += 3_000; // the batch leaves 3 s after the print: a lagging tape
    const [a] = w.batch();
    expect(a).toMatchObject({ time: printed, published_ts: printed + 3_000 });
  });

  it('lows fire on their own ladder, downward, in the primary_low zone', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1)] }));
    w.walk('ABC', [12.0, 12.2]);
    const msgs = w.walk('ABC', [11.95, 11.9, 11.86, 11.85, 12.3]);
    expect(msgs).toEqual(['ABC new low 11.95', 'ABC new low 11.85', 'ABC new high 12.30']);
    expect(w.alerts.at(-2)?.zone).toBe('primary_low');
  });

  it('a runner making 200 new highs a cent apart with rate 0.10 gives exactly 20 alerts', () => {
    const w = new World([{ sym: 'RUN' }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(1, 'trade', 'RUN', 0.1)] }));
    w.print('RUN', 10, 100, 1000);
    const highs = Array.from({ length: 200 }, (_, k) => Math.round((10.01 + k * 0.01) * 100) / 100);
    // One high a second: 200 s, so the 20-a-minute cap never bites and only the re-arm counts.
    const msgs = w.walk('RUN', highs, 1000);
    expect(msgs).toHaveLength(20);
    expect(msgs[0]).toBe('RUN new high 10.01');
    expect(msgs[1]).toBe('RUN new high 10.11');
    expect(msgs.at(-1)).toBe('RUN new high 11.91');
    w.ev.tick(w.now + 120_000);
    expect(w.alerts.filter((a) => a.kind === 'digest')).toEqual([]);
  });

  it('five highs inside one 250 ms batch are one event at the latest high', () => {
    const w = new World([{ sym: 'ABC' }]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1)] }));
    w.print('ABC', 11.9);
    for (const p of [12.0, 12.02, 12.04, 12.06, 12.08])
      w.engine.ingest({ sym: 'ABC', price: p, size: 100, ts: w.now });
    expect(w.batch().map((a) => a.msg)).toEqual(['ABC new high 12.08']);
    expect(w.walk('ABC', [12.1, 12.17, 12.18])).toEqual(['ABC new high 12.18']);
  });

  it('a new trading day arms every rule again', () => {
    const w = new World([{ sym: 'ABC' }], ny(15, 55));
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1)] }));
    w.walk('ABC', [12.0, 12.5]);
    expect(w.alerts).toHaveLength(1);
    // Tuesday: 12.45 is below Monday's fired 12.50, but it is today's first new high.
    w.now = ny(9, 30) + 86_400_000;
    expect(w.walk('ABC', [12.4, 12.45])).toEqual(['ABC new high 12.45']);
  });

  it('setUser with the same rule keeps its re-arm state; a changed rate keeps the ladder in the new step', () => {
    const w = new World([{ sym: 'ABC' }]);
    const set = ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.1)] });
    w.ev.setUser(USER, set);
    w.walk('ABC', [11.9, 12.0]);
    w.ev.setUser(USER, set);
    expect(w.walk('ABC', [12.05])).toEqual([]);
    w.ev.setUser(USER, ruleSet({ rules: [rule(7, 'trade', 'ABC', 0.5)] }));
    // Issue 27: an edit does not fire at the next tick of the current level (12.06 used to).
    expect(w.walk('ABC', [12.06])).toEqual([]);
    // Another rule (new id) on the symbol is new: it starts afresh.
    w.ev.setUser(USER, ruleSet({ rules: [rule(8, 'trade', 'ABC', 0.5)] }));
    expect(w.walk('ABC', [12.07])).toEqual(['ABC new high 12.07']);
  });
});

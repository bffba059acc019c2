import { defaultChannelValue, type StreamChannel } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { rule, ruleSet, USER, USER2, World } from './testWorld.ts';

// Main: $10–$20 with Healthcare (9) switched off. Alt: a custom list of XYZ.
const main: StreamChannel = {
  channel: 'main',
  title: 'Main',
  type: 'filter',
  value: { ...defaultChannelValue(), price: { min: 10, max: 20 }, industries: { '9': false } },
};
const alt: StreamChannel = {
  channel: 'alt',
  title: 'Alt',
  type: 'custom',
  value: { ...defaultChannelValue(), custom_view: ['XYZ'] },
};
const listings = [
  { sym: 'ABC', sector: 1 },
  { sym: 'CHEAP', sector: 1 },
  { sym: 'BIO', sector: 9 },
  { sym: 'XYZ', sector: 1 },
  { sym: 'POP', sector: 1 },
  { sym: 'FAVS', sector: 1 },
];

/** Opens each symbol at its price and walks it up by `step` then down below the open. */
function world() {
  const w = new World(listings);
  for (const [sym, p] of [
    ['ABC', 12],
    ['CHEAP', 5],
    ['BIO', 12],
    ['XYZ', 12],
    ['POP', 30],
    ['FAVS', 30],
  ] as const) {
    w.print(sym, p);
  }
  return w;
}

describe('stream-category trade rules follow the channel filter', () => {
  it('primary_high: highs the main channel shows ($10–$20, not Healthcare), its own re-arm per symbol', () => {
    const w = world();
    w.ev.setUser(USER, ruleSet({ rules: [rule(11, 'trade', 'primary_high', 0.1)], channels: { main, alt } }));
    expect(w.walk('ABC', [12.1, 12.15, 12.2])).toEqual(['ABC new high 12.10', 'ABC new high 12.20']);
    expect(w.walk('CHEAP', [5.5])).toEqual([]); // below $10
    expect(w.walk('BIO', [12.5])).toEqual([]); // Healthcare is off
    expect(w.walk('ABC', [20.5])).toEqual([]); // above $20
    expect(w.walk('ABC', [11])).toEqual([]); // a low: not this category
    expect(w.alerts[0]).toMatchObject({ zone: 'primary_high', ruleId: 11, kind: 'trade' });
  });

  it('alt_low on a custom list: lows of XYZ only, in the alt_low zone', () => {
    const w = world();
    w.ev.setUser(USER, ruleSet({ rules: [rule(12, 'trade', 'alt_low', 0.1)], channels: { main, alt } }));
    expect(w.walk('ABC', [11.5])).toEqual([]);
    expect(w.walk('XYZ', [12.5, 11.5, 11.45, 11.4])).toEqual(['XYZ new low 11.50', 'XYZ new low 11.40']);
    expect(w.alerts.map((a) => a.zone)).toEqual(['alt_low', 'alt_low']);
  });

  it('popular and fav: highs and lows of the Popular list and of the user’s favourites', () => {
    const w = world();
    w.ev.setPopular(['POP']);
    w.ev.setUser(
      USER,
      ruleSet({
        rules: [rule(13, 'trade', 'popular', 0.1), rule(14, 'trade', 'fav', 0.1)],
        favorites: ['FAVS'],
        channels: { main, alt },
      }),
    );
    expect(w.walk('POP', [31, 29])).toEqual(['POP new high 31.00', 'POP new low 29.00']);
    expect(w.walk('FAVS', [31])).toEqual(['FAVS new high 31.00']);
    expect(w.walk('ABC', [13])).toEqual([]);
    expect(w.alerts.map((a) => a.zone)).toEqual(['popular', 'popular', 'fav']);
    w.ev.setPopular([]);
    expect(w.walk('POP', [32])).toEqual([]);
  });

  it('a channel of type none shows nothing; a channel of type popular watches the Popular list', () => {
    const w = world();
    w.ev.setPopular(['POP']);
    const none: StreamChannel = { ...alt, type: 'none' };
    const popular: StreamChannel = { ...main, type: 'popular' };
    w.ev.setUser(
      USER,
      ruleSet({
        rules: [rule(15, 'trade', 'alt_high', 0.1), rule(16, 'trade', 'primary_high', 0.1)],
        channels: { main: popular, alt: none },
      }),
    );
    expect(w.walk('XYZ', [13])).toEqual([]);
    expect(w.walk('ABC', [13])).toEqual([]);
    expect(w.walk('POP', [31]).length).toBe(1);
    expect(w.alerts[0]).toMatchObject({ zone: 'primary_high', ruleId: 16 });
  });

  it('a symbol rule owns its symbol: the category skips it for that user, one alert per event', () => {
    const w = world();
    w.ev.setPopular(['ABC']);
    w.ev.setUser(
      USER,
      ruleSet({
        rules: [
          rule(1, 'trade', 'ABC', 1),
          rule(11, 'trade', 'primary_high', 0.1),
          rule(13, 'trade', 'popular', 0.1),
        ],
        channels: { main, alt },
      }),
    );
    const fired = w.walk('ABC', [12.1, 12.2, 13.1]);
    expect(fired).toEqual(['ABC new high 12.10', 'ABC new high 13.10']);
    expect(w.alerts.map((a) => a.ruleId)).toEqual([1, 1]);
    // XYZ is in the main channel and in Popular: one alert, named by the channel filter.
    w.ev.setPopular(['ABC', 'XYZ']);
    expect(w.print('XYZ', 12.6).map((a) => [a.msg, a.ruleId, a.zone])).toEqual([
      ['XYZ new high 12.60', 11, 'primary_high'],
    ]);
  });

  it('users with the same channel filter and rate share one watch, and each gets the alert', () => {
    const w = world();
    const set = ruleSet({ rules: [rule(11, 'trade', 'primary_high', 0.1)], channels: { main, alt } });
    w.ev.setUser(USER, set);
    w.ev.setUser(USER2, { ...set, rules: [rule(21, 'trade', 'primary_high', 0.1)] });
    expect(w.ev.stats()).toMatchObject({ categoryRules: 2, categoryWatches: 1, channelFilters: 1 });
    const fired = w.print('ABC', 12.5);
    expect(fired.map((a) => [a.userId, a.ruleId])).toEqual([
      [USER, 11],
      [USER2, 21],
    ]);
    w.ev.clearUser(USER);
    expect(w.print('ABC', 12.6).map((a) => a.userId)).toEqual([USER2]);
    expect(w.ev.stats()).toMatchObject({ users: 1, categoryRules: 1 });
  });
});

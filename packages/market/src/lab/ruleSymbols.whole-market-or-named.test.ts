import { defaultChannels, type RuleSet, type StreamChannel } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { ruleSymbols } from './ruleSymbols.ts';

// What a backtest reads of a sealed session: the named symbols' blocks for symbol rules, the whole
// session as soon as one rule reads the market (a stream category, a halt rule, a filter).

const [main, alt] = defaultChannels() as [StreamChannel, StreamChannel];
const set = (rules: RuleSet['rules'], filtered: RuleSet['filtered'] = []): RuleSet => ({
  tier: 'proplus',
  rules,
  filtered,
  channels: { main, alt },
  favorites: [],
});
const price = (id: number, category: string) =>
  ({ id, type: 'price', category, rate: 1, high: null, low: null }) as RuleSet['rules'][number];

describe('ruleSymbols', () => {
  it('names the symbols of symbol rules, once each', () => {
    expect(ruleSymbols(set([price(1, 'AAPL'), price(2, 'TSLA'), price(3, 'AAPL')]))).toEqual([
      'AAPL',
      'TSLA',
    ]);
  });

  it('answers null (the whole session) for a stream category, a halt rule or a filtered alert', () => {
    expect(ruleSymbols(set([price(1, 'AAPL'), { ...price(2, 'all'), type: 'trade' }]))).toBeNull();
    expect(ruleSymbols(set([{ ...price(1, 'AAPL'), type: 'halt' }]))).toBeNull();
    const filtered = { name: 'f', type: 'all', values: {}, sector: { min: [] }, timeframe: { min: '1day' } };
    expect(ruleSymbols(set([], [filtered as unknown as RuleSet['filtered'][number]]))).toBeNull();
  });
});

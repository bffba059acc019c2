import { describe, expect, it } from 'vitest';
import { ruleSetOf, type TraderWatch } from './startBacktest.ts';

// The one-rule set a backtest replays keeps a Hi/Low rule's step unit, as POST /api/alerts stores
// it: a 1 % step backtested as $1 would fire on every dollar, not every percent.

const noWatch: TraderWatch = async () => {
  throw new Error('a symbol rule reads nothing of the trader');
};

describe('the rule a backtest replays', () => {
  it('keeps a percent Hi/Low step and clamps it as a percent', async () => {
    const set = await ruleSetOf(
      { kind: 'symbol', rule: { type: 'trade', category: 'AAPL', rate: 1, unit: 'percent' } },
      'user-1',
      noWatch,
    );
    expect(set.rules).toEqual([
      expect.objectContaining({ type: 'trade', category: 'AAPL', rate: 1, unit: 'percent' }),
    ]);
  });

  it('reads a step without a unit as dollars, and other types in dollars whatever they are sent', async () => {
    const hiLow = await ruleSetOf(
      { kind: 'symbol', rule: { type: 'trade', category: 'AAPL', rate: 0.1 } },
      'u',
      noWatch,
    );
    expect(hiLow.rules[0]).toMatchObject({ rate: 0.1, unit: 'dollar' });
    const price = await ruleSetOf(
      { kind: 'symbol', rule: { type: 'price', category: 'AAPL', high: 200, low: null, unit: 'percent' } },
      'u',
      noWatch,
    );
    expect(price.rules[0]).toMatchObject({ type: 'price', unit: 'dollar', high: 200 });
  });
});

import { describe, expect, it } from 'vitest';
import { backtestRequestSchema, sessionBarsParamsSchema } from './alertLab.ts';

const gappers = {
  name: 'Gappers',
  type: 'all',
  values: { gap: { min: 5, max: null } },
  sector: { min: [0] },
  timeframe: { min: '1d' },
};

describe('backtest request', () => {
  it('takes each rule shape the product already validates', () => {
    const rules = [
      { kind: 'symbol', rule: { type: 'price', category: 'abc', rate: 2 } },
      { kind: 'halt' },
      { kind: 'filtered', filter: gappers },
      { kind: 'smart', type: 'any', values: { uVol: { min: 300 } }, timeframe: '15m' },
    ];
    for (const rule of rules)
      expect(backtestRequestSchema.safeParse({ rule, sessions: 5 }).success).toBe(true);
    const smart = backtestRequestSchema.parse({ rule: rules[3], sessions: 1 });
    expect(smart.rule.kind === 'smart' && smart.rule.timeframe).toBe('15min');
  });

  it('refuses other session counts, unknown kinds and bounds upside down', () => {
    const halt = { kind: 'halt' };
    expect(backtestRequestSchema.safeParse({ rule: halt, sessions: 7 }).success).toBe(false);
    expect(backtestRequestSchema.safeParse({ rule: halt, sessions: '5' }).success).toBe(false);
    expect(backtestRequestSchema.safeParse({ rule: { kind: 'oddsmaker' }, sessions: 5 }).success).toBe(false);
    const inverted = { kind: 'symbol', rule: { type: 'price', category: 'ABC', high: 5, low: 10 } };
    expect(backtestRequestSchema.safeParse({ rule: inverted, sessions: 30 }).success).toBe(false);
  });

  it('reads a bars path with a New York date and upper-cases the symbol', () => {
    expect(sessionBarsParamsSchema.parse({ date: '2026-11-27', symbol: 'aapl' }).symbol).toBe('AAPL');
    expect(sessionBarsParamsSchema.safeParse({ date: '27-11-2026', symbol: 'AAPL' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { chartLinkMessages, chartLinkProblem, chartLinkUrl } from './chartLink.ts';

describe('chart link template', () => {
  it('takes an https address with {symbol} in it', () => {
    expect(chartLinkProblem('https://www.tradingview.com/chart/?symbol={symbol}')).toBeNull();
    expect(chartLinkProblem('https://example.com/{symbol}/1m')).toBeNull();
  });

  it('refuses other schemes, no address, and a template without {symbol}', () => {
    expect(chartLinkProblem('http://example.com/{symbol}')).toBe(chartLinkMessages.https);
    expect(chartLinkProblem('javascript:alert({symbol})')).toBe(chartLinkMessages.https);
    expect(chartLinkProblem('example.com/{symbol}')).toBe(chartLinkMessages.https);
    expect(chartLinkProblem('https://example.com/chart')).toBe(chartLinkMessages.symbol);
    expect(chartLinkProblem(`https://example.com/{symbol}?${'a'.repeat(300)}`)).toBe(
      chartLinkMessages.tooLong,
    );
  });

  it('puts the symbol in, encoded', () => {
    expect(chartLinkUrl('https://x.test/?s={symbol}', 'BRK.B')).toBe('https://x.test/?s=BRK.B');
    expect(chartLinkUrl('https://x.test/{symbol}', 'A&B')).toBe('https://x.test/A%26B');
  });
});

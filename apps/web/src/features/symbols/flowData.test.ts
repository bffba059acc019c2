import { describe, expect, it } from 'vitest';
import { flowRows, perTimeframeSchema } from './flowData.ts';

describe('flowRows', () => {
  it('lists timeframes shortest first with values as Discovery writes them (2 decimals) and signed changes', () => {
    const answer = perTimeframeSchema.parse({
      success: true,
      data: { '1day': [25_400_000, -3.5], '15min': [1_250_000, 12], '1hr': [4_000_000, null] },
    });
    expect(flowRows(answer, 'moneyFlow')).toEqual([
      { tf: '15min', label: '15m', value: '$1.25m', change: '+12.00%', direction: 1 },
      { tf: '1hr', label: '1h', value: '$4.00m', change: '-', direction: 0 },
      { tf: '1day', label: '1D', value: '$25.40m', change: '-3.50%', direction: -1 },
    ]);
    // §9: 2 decimals, as the table writes them ('325.00k', not '325k').
    expect(flowRows(answer, 'volume')[0]?.value).toBe('1.25m');
    const k = perTimeframeSchema.parse({ success: true, data: { '1day': [325_000, 1] } });
    expect(flowRows(k, 'volume')[0]?.value).toBe('325.00k');
  });

  it('is empty when the host has nothing for the symbol (the popup says Data unavailable.)', () => {
    expect(flowRows(perTimeframeSchema.parse({ success: false, data: {} }), 'volume')).toEqual([]);
    expect(flowRows(perTimeframeSchema.parse({ success: true, data: {} }), 'volume')).toEqual([]);
    expect(flowRows(undefined, 'volume')).toEqual([]);
    expect(
      flowRows(perTimeframeSchema.parse({ success: true, data: { '1day': [null, 2] } }), 'volume'),
    ).toEqual([]);
  });

  it('ignores timeframes it does not know', () => {
    const answer = perTimeframeSchema.parse({ success: true, data: { '3min': [5, 1], '1wk': [900, 0] } });
    expect(flowRows(answer, 'volume').map((r) => [r.label, r.value, r.direction])).toEqual([
      ['1W', '900', 0],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { dataSymbolParamsSchema, discoveryFileParamsSchema } from './dataHost.ts';

describe('data host params', () => {
  it('answers a symbol upper-case, and a refusal names it as typed', () => {
    expect(dataSymbolParamsSchema.parse({ symbol: 'aapl' })).toEqual({ symbol: 'AAPL' });
    const refused = dataSymbolParamsSchema.safeParse({ symbol: 'no pe' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('no pe is not a valid symbol');
  });

  it('reads the timeframe out of discovery-<tf>.json and serves no other file', () => {
    expect(discoveryFileParamsSchema.parse({ file: 'discovery-1d.json' })).toEqual({ tf: '1d' });
    expect(discoveryFileParamsSchema.parse({ file: 'discovery-bogus.json' })).toEqual({ tf: 'bogus' });
    expect(discoveryFileParamsSchema.safeParse({ file: 'names.json' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/errors.ts';
import { engineUniverse, unknownUniverse } from './symbolUniverse.ts';
import { validateSymbols } from './validateSymbols.ts';

const universe = (symbols: string[]) => ({ symbols: async () => new Set(symbols) });

describe('validateSymbols', () => {
  it('cleans CSV cells the way the import does and keeps request order', async () => {
    const out = await validateSymbols([',tsla,', ' nvda', 'TSLA', 'amd '], unknownUniverse);
    expect(out).toEqual(['TSLA', 'NVDA', 'AMD']);
  });

  it('drops what the universe does not list, and test symbols even when listed', async () => {
    const out = await validateSymbols(['AAPL', 'NOPE', 'TEST'], universe(['AAPL', 'TEST']));
    expect(out).toEqual(['AAPL']);
  });
});

describe('engineUniverse', () => {
  it('reads the names query, and treats an engine that lists nothing as not knowing', async () => {
    const names = JSON.stringify([{ s: 'AAPL', n: 'Apple Inc.' }]);
    const listed = engineUniverse({ status: {}, query: async () => names });
    expect(await listed.symbols()).toEqual(new Set(['AAPL']));
    expect(await engineUniverse({ status: {}, query: async () => '[]' }).symbols()).toBeNull();
    expect(await engineUniverse(null).symbols()).toBeNull();
  });

  it('does not ask an engine nobody has heard from (no engine process on the bus)', async () => {
    let asked = false;
    const silent = engineUniverse({
      status: null,
      query: async () => {
        asked = true;
        return '[]';
      },
    });
    expect(await silent.symbols()).toBeNull();
    expect(asked).toBe(false);
  });

  it('turns an engine that does not answer into a retryable 503', async () => {
    const failing = engineUniverse({
      status: {},
      query: () => Promise.reject(new Error('engine query timed out')),
    });
    const error = await failing.symbols().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, code: 'engine_unavailable' });
  });
});

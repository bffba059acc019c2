import { describe, expect, it } from 'vitest';
import { validateInChunks } from './symbolValidation.ts';

describe('validateInChunks', () => {
  it('asks nothing for an empty list', async () => {
    const asked: string[][] = [];
    const valid = await validateInChunks([], async (chunk) => {
      asked.push(chunk);
      return { symbols: chunk };
    });
    expect(valid).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('splits a long list and joins the answers in order', async () => {
    const asked: string[][] = [];
    const valid = await validateInChunks(
      ['A', 'B', 'C', 'D', 'E'],
      async (chunk) => {
        asked.push(chunk);
        return { symbols: chunk.filter((s) => s !== 'C') };
      },
      2,
    );
    expect(asked).toEqual([['A', 'B'], ['C', 'D'], ['E']]);
    expect(valid).toEqual(['A', 'B', 'D', 'E']);
  });

  it('fails as a whole when one request fails', async () => {
    await expect(
      validateInChunks(
        ['A', 'B', 'C'],
        async (chunk) => {
          if (chunk.includes('C')) throw new Error('offline');
          return { symbols: chunk };
        },
        2,
      ),
    ).rejects.toThrow('offline');
  });
});

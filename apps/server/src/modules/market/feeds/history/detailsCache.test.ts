import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../testing/fakeWsServer.ts';
import type { SymbolDetails } from './backfill.ts';
import { cachedDetails, DETAILS_MAX_AGE_MS } from './detailsCache.ts';

// The vendor's per-symbol details kept between starts: asked once, then read from the file
// until a week old. The vendor here answers from a literal table and counts what it is asked.

const VENDOR: Record<string, SymbolDetails> = {
  AAA: { sector: 9, float: 15e6 },
  BBB: { sector: 13, float: Number.NaN },
  CCC: { sector: 16, float: 8e6 },
};
const NOW = Date.parse('2026-11-24T13:00:00Z');

let dir = '';
let file = '';
let asked: string[][] = [];
const ask = async (symbols: readonly string[]) => {
  asked.push([...symbols]);
  return new Map(symbols.filter((s) => VENDOR[s]).map((s) => [s, VENDOR[s] as SymbolDetails]));
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'details-cache-'));
  file = path.join(dir, 'engine', 'reference-massive.json');
  asked = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('cached ticker details', () => {
  it('asks the vendor on the first start, and nothing on the next', async () => {
    const { logger } = recordingLogger();
    const first = await cachedDetails(ask, file, ['AAA', 'BBB'], NOW, logger);
    expect(asked).toEqual([['AAA', 'BBB']]);
    const second = await cachedDetails(ask, file, ['AAA', 'BBB'], NOW + 3600_000, logger);
    expect(asked).toHaveLength(1);
    // The same details either way, an unknown float included.
    expect(second).toEqual(first);
    expect(second.get('BBB')?.float).toBeNaN();
  });

  it('asks only for tickers it has not seen or saw more than a week ago', async () => {
    const { logger } = recordingLogger();
    await cachedDetails(ask, file, ['AAA'], NOW, logger);
    await cachedDetails(ask, file, ['BBB'], NOW + DETAILS_MAX_AGE_MS - 1, logger);
    await cachedDetails(ask, file, ['AAA', 'BBB', 'CCC'], NOW + DETAILS_MAX_AGE_MS, logger);
    expect(asked).toEqual([['AAA'], ['BBB'], ['AAA', 'CCC']]);
  });

  it('a file it cannot read is an empty cache, rewritten with what the vendor said', async () => {
    const { logger } = recordingLogger();
    await cachedDetails(ask, file, ['AAA'], NOW, logger);
    await writeFile(file, '{"v":1,"tickers":{"AAA":');
    const details = await cachedDetails(ask, file, ['AAA'], NOW, logger);
    expect(asked).toEqual([['AAA'], ['AAA']]);
    expect(details.get('AAA')).toEqual(VENDOR.AAA);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      v: 1,
      tickers: { AAA: { sector: 9, float: 15e6, at: NOW } },
    });
  });

  it('a cache it cannot write is logged, and the details are still used', async () => {
    const { logger, lines } = recordingLogger();
    await writeFile(path.join(dir, 'engine'), 'a file where the folder should be');
    const details = await cachedDetails(ask, file, ['CCC'], NOW, logger);
    expect(details.get('CCC')).toEqual(VENDOR.CCC);
    expect(lines.some((l) => l.includes('reference details not cached'))).toBe(true);
  });
});

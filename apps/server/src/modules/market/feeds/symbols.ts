import { readFile } from 'node:fs/promises';
import type { ReferenceData } from '@tapeline/market';
import { FeedConfigError } from './feedConfigError.ts';

// MARKET_SYMBOLS: the reference data (a JSON array of ReferenceData) for feeds that carry none
// themselves (replay, massive, alpaca). A bad file fails the start naming the variable.

function isReference(x: unknown): x is ReferenceData {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return (
    typeof r.sym === 'string' &&
    r.sym.length > 0 &&
    typeof r.name === 'string' &&
    typeof r.sector === 'number' &&
    typeof r.float === 'number' &&
    typeof r.shortRatio === 'number' &&
    typeof r.optionable === 'boolean' &&
    typeof r.prevClose === 'number' &&
    typeof r.avgVolume === 'number' &&
    typeof r.exchange === 'string'
  );
}

export async function loadSymbols(file: string): Promise<ReferenceData[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new FeedConfigError(
      'MARKET_SYMBOLS',
      `could not be read as JSON from ${file}: ${(error as Error).message}`,
    );
  }
  if (!Array.isArray(data)) throw new FeedConfigError('MARKET_SYMBOLS', `must hold a JSON array (${file})`);
  const bad = data.findIndex((x) => !isReference(x));
  if (bad >= 0) {
    throw new FeedConfigError(
      'MARKET_SYMBOLS',
      `entry ${bad} is not {sym, name, sector, float, shortRatio, optionable, prevClose, avgVolume, exchange} (${file})`,
    );
  }
  return data as ReferenceData[];
}

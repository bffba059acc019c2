import type { ReferenceData } from '../events.ts';
import { SECTOR } from '../sectors.ts';
import { isTestSymbol } from '../testSymbols.ts';
import { createRng, type Rng } from './prng.ts';

// The simulated listing: plausible tickers, names, sectors and fundamentals. Generated once at
// start (allocation is fine here), deterministic for a seed.

/** Index ETFs always present, with realistic prices, so Meters and relative strength have a market. */
export const INDEX_ETFS: readonly ReferenceData[] = [
  etf('SPY', 'SPDR S&P 500 ETF Trust', 662.4, 72_000_000),
  etf('QQQ', 'Invesco QQQ Trust', 598.7, 48_000_000),
  etf('DIA', 'SPDR Dow Jones Industrial Average ETF', 468.9, 3_600_000),
];

function etf(sym: string, name: string, prevClose: number, avgVolume: number): ReferenceData {
  const float = avgVolume * 12;
  return {
    sym,
    name,
    sector: SECTOR.ETF,
    float,
    shortRatio: 1.2,
    optionable: true,
    prevClose,
    avgVolume,
    exchange: 'ARCA',
  };
}

const SECTOR_WEIGHTS: readonly [number, number][] = [
  [SECTOR.TECHNOLOGY, 15],
  [SECTOR.HEALTHCARE, 8],
  [SECTOR.BIOTECH, 10],
  [SECTOR.FINANCE, 12],
  [SECTOR.CONSUMER_SVC, 7],
  [SECTOR.CONSUMER_GOODS, 5],
  [SECTOR.CONSUMER_DISC, 5],
  [SECTOR.CAPITAL_GOODS, 6],
  [SECTOR.BASIC_INDUSTRIES, 5],
  [SECTOR.ENERGY, 5],
  [SECTOR.PUBLIC_UTILITIES, 3],
  [SECTOR.COMMUNICATIONS, 3],
  [SECTOR.BUSINESS_SVC, 4],
  [SECTOR.TRANSPORTATION, 2],
  [SECTOR.REAL_ESTATE, 4],
  [SECTOR.SPAC, 2],
  [SECTOR.ADR, 3],
  [SECTOR.ETF, 8],
  [SECTOR.MISCELLANEOUS, 1],
];
const SECTOR_TOTAL = SECTOR_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);

const SUFFIX: Partial<Record<number, readonly string[]>> = {
  [SECTOR.TECHNOLOGY]: [
    'Technologies Inc.',
    'Systems Corp.',
    'Software Inc.',
    'Networks Inc.',
    'Micro Devices',
  ],
  [SECTOR.HEALTHCARE]: ['Health Inc.', 'Medical Corp.', 'Healthcare Holdings'],
  [SECTOR.BIOTECH]: ['Therapeutics Inc.', 'Biosciences Corp.', 'Pharmaceuticals Inc.', 'Genomics Inc.'],
  [SECTOR.FINANCE]: ['Financial Corp.', 'Bancorp Inc.', 'Capital Group', 'Holdings Inc.'],
  [SECTOR.ENERGY]: ['Energy Inc.', 'Petroleum Corp.', 'Resources Ltd.'],
  [SECTOR.SPAC]: ['Acquisition Corp.', 'Acquisition Corp. II'],
  [SECTOR.ADR]: ['Group Ltd. ADR', 'Holdings plc ADR'],
  [SECTOR.ETF]: ['Sector ETF', 'Leveraged 3X Shares', 'Dividend ETF', 'Trust'],
  [SECTOR.REAL_ESTATE]: ['Realty Trust', 'Properties Inc.', 'REIT Inc.'],
  [SECTOR.PUBLIC_UTILITIES]: ['Power & Light Co.', 'Utilities Corp.'],
};
const GENERIC = ['Inc.', 'Corp.', 'Holdings Inc.', 'Group Inc.', 'Industries Inc.', 'Co.'];
const SYLLABLES = [
  'ar',
  'bel',
  'cor',
  'dyn',
  'ex',
  'for',
  'gen',
  'hal',
  'in',
  'jo',
  'ken',
  'lum',
  'mar',
  'nov',
  'or',
  'pal',
  'quin',
  'ros',
  'sol',
  'tel',
  'ul',
  'ver',
  'wes',
  'xan',
  'yor',
  'zen',
  'tri',
  'al',
  'cen',
  'vi',
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// Ticker lengths as they occur on US exchanges: few 1–2 letters, most 3–4.
const LENGTH_CDF = [0.01, 0.07, 0.42, 0.97, 1];

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[rng.int(list.length)] as T;
}

function pickSector(rng: Rng): number {
  let x = rng.next() * SECTOR_TOTAL;
  for (const [code, w] of SECTOR_WEIGHTS) {
    x -= w;
    if (x < 0) return code;
  }
  return SECTOR.MISCELLANEOUS;
}

function ticker(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const u = rng.next();
    let len = 1;
    while (len < 5 && u >= (LENGTH_CDF[len - 1] as number)) len++;
    let s = '';
    for (let i = 0; i < len; i++) s += LETTERS[rng.int(26)];
    if (!taken.has(s) && !isTestSymbol(s)) {
      taken.add(s);
      return s;
    }
  }
}

function name(rng: Rng, sector: number): string {
  const n = 2 + rng.int(2);
  let base = '';
  for (let i = 0; i < n; i++) base += pick(rng, SYLLABLES);
  const title = base.charAt(0).toUpperCase() + base.slice(1);
  return `${title} ${pick(rng, SUFFIX[sector] ?? GENERIC)}`;
}

function exchange(rng: Rng, sym: string, sector: number): string {
  if (sector === SECTOR.ETF) return rng.next() < 0.8 ? 'ARCA' : 'NASDAQ';
  if (sym.length === 5) return rng.next() < 0.7 ? 'OTC' : 'NASDAQ';
  if (sym.length === 4) return rng.next() < 0.9 ? 'NASDAQ' : 'NYSE';
  const u = rng.next();
  return u < 0.7 ? 'NYSE' : u < 0.85 ? 'AMEX' : 'NASDAQ';
}

/** Log-uniform between lo and hi. */
function logUniform(rng: Rng, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + rng.next() * (Math.log(hi) - Math.log(lo)));
}

export function roundToTick(price: number): number {
  return price >= 1 ? Math.round(price * 100) / 100 : Math.max(0.0001, Math.round(price * 10_000) / 10_000);
}

/**
 * Generates `count` symbols (the three index ETFs first). The simulator sizes its prints so that a
 * symbol's day volume is its avgVolume times that day's relative volume: reference and tape agree.
 */
export function generateUniverse(seed: number, count: number): ReferenceData[] {
  const rng = createRng(seed);
  const taken = new Set(INDEX_ETFS.map((e) => e.sym));
  const out: ReferenceData[] = INDEX_ETFS.slice(0, Math.min(count, INDEX_ETFS.length));
  while (out.length < count) {
    const sector = pickSector(rng);
    const sym = ticker(rng, taken);
    const prevClose = roundToTick(logUniform(rng, 0.5, 1000));
    // Cheap stocks have small floats and big share volume; expensive ones the opposite.
    const float = Math.round(logUniform(rng, 2e6, 3e9) * (prevClose < 5 ? 0.2 : 1));
    const turnover = logUniform(rng, 0.001, 0.02);
    const avgVolume = Math.max(5_000, Math.round((float * turnover) / 100) * 100);
    out.push({
      sym,
      name: name(rng, sector),
      sector,
      float,
      shortRatio: Math.round(logUniform(rng, 0.2, 15) * 100) / 100,
      optionable: prevClose >= 2.5 && float > 1e7 && rng.next() < 0.85,
      prevClose,
      avgVolume,
      exchange: exchange(rng, sym, sector),
    });
  }
  return out;
}

import { describe, expect, it } from 'vitest';
import { SECTOR } from '../sectors.ts';
import { createRng } from './prng.ts';
import { buildDay } from './state.ts';
import { generateListing, INDEX_ETFS } from './universe.ts';

// The default simulated listing (every shipped listing, SIM_SYMBOLS=10000 asks for more) is
// spread like US listed equities: most names $1–50, a few hundred above $100, a handful above
// $500, ten mega caps above $500 B at the top of the file, sectors in plausible proportions, and
// the day's runners all low-float small caps.

const { refs, caps } = generateListing(1, 10_000);
const N = INDEX_ETFS.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const share = (pred: (i: number) => boolean) => refs.filter((_, i) => pred(i)).length / refs.length;

/** Percent of listings by sector, as US exchanges list them (finance and health the largest). */
const US_SECTOR_SHARES: [number, number][] = [
  [SECTOR.FINANCE, 16],
  [SECTOR.BIOTECH, 12],
  [SECTOR.TECHNOLOGY, 10],
  [SECTOR.HEALTHCARE, 8],
  [SECTOR.ETF, 8],
  [SECTOR.CONSUMER_SVC, 5],
  [SECTOR.CONSUMER_DISC, 5],
  [SECTOR.CONSUMER_GOODS, 4],
  [SECTOR.CAPITAL_GOODS, 4],
  [SECTOR.BASIC_INDUSTRIES, 4],
  [SECTOR.ENERGY, 4],
  [SECTOR.BUSINESS_SVC, 4],
  [SECTOR.REAL_ESTATE, 4],
  [SECTOR.COMMUNICATIONS, 3],
  [SECTOR.PUBLIC_UTILITIES, 2],
  [SECTOR.TRANSPORTATION, 2],
  [SECTOR.SPAC, 2],
  [SECTOR.ADR, 2],
  [SECTOR.MISCELLANEOUS, 1],
];

describe('the simulated listing of every shipped name', () => {
  it('is the same for the same seed, and another for another seed', () => {
    const again = generateListing(1, 10_000);
    expect(again.refs).toEqual(refs);
    expect(again.caps).toEqual(caps);
    // Another seed: the same real names, other figures.
    const other = generateListing(2, 10_000).refs;
    expect(other.map((r) => r.sym)).toEqual(refs.map((r) => r.sym));
    expect(other.slice(N, N + 20).map((r) => r.prevClose)).not.toEqual(
      refs.slice(N, N + 20).map((r) => r.prevClose),
    );
  });

  it('prices most names $1–50, a few hundred above $100, a handful above $500, none under $0.05', () => {
    const prices = refs.map((r) => r.prevClose);
    expect(median(prices)).toBeGreaterThan(10);
    expect(median(prices)).toBeLessThan(60);
    expect(
      share((i) => (refs[i]?.prevClose as number) >= 1 && (refs[i]?.prevClose as number) <= 50),
    ).toBeGreaterThan(0.5);
    const over100 = prices.filter((p) => p > 100).length;
    expect(over100).toBeGreaterThanOrEqual(100);
    expect(over100).toBeLessThanOrEqual(1_200);
    const over500 = prices.filter((p) => p > 500).length;
    expect(over500).toBeGreaterThanOrEqual(5);
    expect(over500).toBeLessThanOrEqual(140);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(0.05);
  });

  it('lists exactly ten companies above $500 B: the fixed top ten, $3.5 T down to $0.6 T, mostly technology', () => {
    const megas = refs
      .map((r, i) => ({ sector: r.sector, cap: caps[i] as number }))
      .filter((c) => c.sector !== SECTOR.ETF && c.cap > 5e11)
      .sort((a, b) => b.cap - a.cap);
    expect(megas.map((m) => m.cap)).toEqual([
      3.5e12, 3.1e12, 2.8e12, 2.3e12, 1.9e12, 1.6e12, 1.3e12, 1.0e12, 0.8e12, 0.6e12,
    ]);
    const bySector = (s: number) => megas.filter((m) => m.sector === s).length;
    expect([
      bySector(SECTOR.TECHNOLOGY),
      bySector(SECTOR.COMMUNICATIONS),
      bySector(SECTOR.CONSUMER_DISC),
      bySector(SECTOR.FINANCE),
    ]).toEqual([6, 2, 1, 1]);
    // Below them nothing reaches $400 B; the median company is worth a billion or two.
    const rest = refs.flatMap((r, i) =>
      r.sector !== SECTOR.ETF && (caps[i] as number) < 5e11 ? [caps[i] as number] : [],
    );
    expect(Math.max(...rest)).toBeLessThanOrEqual(4e11);
    expect(median(rest)).toBeGreaterThan(7e8);
    expect(median(rest)).toBeLessThan(3e9);
  });

  it('sizes shares from cap and price: large caps widely floated, low floats among small caps', () => {
    for (const [i, r] of refs.entries()) {
      if (i < N) continue; // the index ETFs' figures are set by hand
      const shares = (caps[i] as number) / r.prevClose;
      expect(r.float).toBeLessThanOrEqual(Math.ceil(shares * 1.001) + 10_000);
      if ((caps[i] as number) > 1e10) expect(r.float / shares).toBeGreaterThanOrEqual(0.84);
    }
    const lowFloat = refs.flatMap((r, i) => (i >= N && r.float < 2e7 ? [caps[i] as number] : []));
    expect(lowFloat.length).toBeGreaterThan(600);
    expect(lowFloat.filter((c) => c < 2e9).length / lowFloat.length).toBeGreaterThan(0.9);
    expect(median(lowFloat)).toBeLessThan(5e8);
  });

  it('files sectors plausibly: every sector present, each within 6 points of its US share, finance and health the largest', () => {
    for (const [sector, percent] of US_SECTOR_SHARES) {
      const got = 100 * share((i) => refs[i]?.sector === sector);
      expect(got, `sector ${sector}`).toBeGreaterThan(0);
      expect(Math.abs(got - percent), `sector ${sector}: ${got.toFixed(1)} %`).toBeLessThanOrEqual(6);
    }
    const finance = share((i) => refs[i]?.sector === SECTOR.FINANCE);
    const health = share((i) => refs[i]?.sector === SECTOR.BIOTECH || refs[i]?.sector === SECTOR.HEALTHCARE);
    expect(Math.min(finance, health)).toBeGreaterThan(0.12);
  });

  it('picks every runner from low-float small caps ($1–20, float < 20M, cap < $300M), biotech first', () => {
    const rng = createRng(5);
    const prevClose = Float64Array.from(refs, (r) => r.prevClose);
    const runners: number[] = [];
    for (let day = 0; day < 20; day++)
      runners.push(...buildDay(refs, caps, prevClose, rng, 5_000, 30).runners);
    expect(runners).toHaveLength(600);
    for (const i of runners) {
      const r = refs[i];
      expect(r?.sector).not.toBe(SECTOR.ETF);
      expect(caps[i]).toBeLessThan(3e8);
      expect(r?.float).toBeLessThan(2e7);
      expect(r?.prevClose).toBeGreaterThanOrEqual(1);
      expect(r?.prevClose).toBeLessThanOrEqual(20);
    }
    // Biotech is about a tenth of the small caps but far more of the runners.
    const biotech = runners.filter((i) => refs[i]?.sector === SECTOR.BIOTECH).length / runners.length;
    expect(biotech).toBeGreaterThan(0.2);
  });
});

import { describe, expect, it } from 'vitest';
import { SECTOR } from '../sectors.ts';
import { createRng } from './prng.ts';
import { buildDay } from './state.ts';
import { generateListing } from './universe.ts';

// The default simulated listing (10,000 symbols) is spread like US listed equities: median
// price in the tens of dollars, a few dozen names above $500, ten mega caps above $500 B,
// sectors in their US proportions, and the day's runners all low-float small caps.

const { refs, caps } = generateListing(1, 10_000);
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

describe('the simulated listing of 10,000 symbols', () => {
  it('is the same for the same seed, and another for another seed', () => {
    const again = generateListing(1, 10_000);
    expect(again.refs).toEqual(refs);
    expect(again.caps).toEqual(caps);
    expect(generateListing(2, 10_000).refs.slice(3, 20)).not.toEqual(refs.slice(3, 20));
  });

  it('prices a median name in the tens of dollars ($15–60), 0.2–2 % above $500, none under $0.05', () => {
    const prices = refs.map((r) => r.prevClose);
    expect(median(prices)).toBeGreaterThan(15);
    expect(median(prices)).toBeLessThan(60);
    const dear = share((i) => (refs[i]?.prevClose as number) > 500);
    expect(dear).toBeGreaterThanOrEqual(0.002);
    expect(dear).toBeLessThanOrEqual(0.02);
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
      if (i < 3) continue; // the index ETFs' figures are set by hand
      const shares = (caps[i] as number) / r.prevClose;
      expect(r.float).toBeLessThanOrEqual(Math.ceil(shares * 1.001) + 10_000);
      if ((caps[i] as number) > 1e10) expect(r.float / shares).toBeGreaterThanOrEqual(0.84);
    }
    const lowFloat = refs.flatMap((r, i) => (i >= 3 && r.float < 2e7 ? [caps[i] as number] : []));
    expect(lowFloat.length).toBeGreaterThan(1_000);
    expect(lowFloat.filter((c) => c < 2e9).length / lowFloat.length).toBeGreaterThan(0.9);
    expect(median(lowFloat)).toBeLessThan(5e8);
  });

  it('weights sectors as US listings are, each within 3 points', () => {
    for (const [sector, percent] of US_SECTOR_SHARES) {
      const got = 100 * share((i) => refs[i]?.sector === sector);
      expect(Math.abs(got - percent), `sector ${sector}: ${got.toFixed(1)} %`).toBeLessThanOrEqual(3);
    }
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

import type { ReferenceData } from '../events.ts';
import { SECTOR } from '../sectors.ts';
import { type Listed, pickListings, sectorOfName, usListings } from './listings/usListings.ts';
import { createRng, type Rng } from './prng.ts';

// The simulated listing: real tickers, names and exchanges (listings/), plausible sectors and
// fundamentals. Generated once at start (allocation is fine here), deterministic for a seed.

/** Index ETFs always present, priced like themselves, so Meters and relative strength have a market. */
export const INDEX_ETFS: readonly ReferenceData[] = [
  etf('SPY', 'SPDR S&P 500 ETF Trust', 662.4, 72_000_000),
  etf('QQQ', 'Invesco QQQ Trust', 598.7, 48_000_000),
  etf('DIA', 'SPDR Dow Jones Industrial Average ETF', 468.9, 3_600_000),
  etf('IWM', 'iShares Russell 2000 ETF', 243.6, 30_000_000),
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

// Sector shares of US listings (the simulator's default universe should read like the market):
// finance and health care/biotech are the largest groups; ETFs stay at 8 %. Sums to 100.
export const SECTOR_WEIGHTS: readonly [number, number][] = [
  [SECTOR.FINANCE, 16],
  [SECTOR.BIOTECH, 12],
  [SECTOR.TECHNOLOGY, 10],
  [SECTOR.HEALTHCARE, 8],
  [SECTOR.CONSUMER_SVC, 5],
  [SECTOR.CONSUMER_GOODS, 4],
  [SECTOR.CONSUMER_DISC, 5],
  [SECTOR.CAPITAL_GOODS, 4],
  [SECTOR.BASIC_INDUSTRIES, 4],
  [SECTOR.ENERGY, 4],
  [SECTOR.PUBLIC_UTILITIES, 2],
  [SECTOR.COMMUNICATIONS, 3],
  [SECTOR.BUSINESS_SVC, 4],
  [SECTOR.TRANSPORTATION, 2],
  [SECTOR.REAL_ESTATE, 4],
  [SECTOR.SPAC, 2],
  [SECTOR.ADR, 2],
  [SECTOR.ETF, 8],
  [SECTOR.MISCELLANEOUS, 1],
];

function pickSector(rng: Rng, weights: readonly [number, number][], total: number): number {
  let x = rng.next() * total;
  for (const [code, w] of weights) {
    x -= w;
    if (x < 0) return code;
  }
  return SECTOR.MISCELLANEOUS;
}

/** Log-uniform between lo and hi. */
function logUniform(rng: Rng, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + rng.next() * (Math.log(hi) - Math.log(lo)));
}

export function roundToTick(price: number): number {
  return price >= 1 ? Math.round(price * 100) / 100 : Math.max(0.0001, Math.round(price * 10_000) / 10_000);
}

/**
 * The ten largest companies, largest first (cap in dollars, sector): a fixed top of the list, as
 * on US exchanges, where a handful of mega caps (mostly technology) dwarf everything else. One
 * per 1,000 symbols is listed, so the default 10,000 has all ten and small test universes are
 * not all mega caps.
 */
export const MEGA_CAPS: readonly [number, number][] = [
  [3.5e12, SECTOR.TECHNOLOGY],
  [3.1e12, SECTOR.TECHNOLOGY],
  [2.8e12, SECTOR.TECHNOLOGY],
  [2.3e12, SECTOR.COMMUNICATIONS],
  [1.9e12, SECTOR.CONSUMER_DISC],
  [1.6e12, SECTOR.TECHNOLOGY],
  [1.3e12, SECTOR.COMMUNICATIONS],
  [1.0e12, SECTOR.TECHNOLOGY],
  [0.8e12, SECTOR.FINANCE],
  [0.6e12, SECTOR.TECHNOLOGY],
];

/** Median market cap of a listed company, the spread of its logarithm, and the largest after the top ten. */
const CAP_MEDIAN = 1.5e9;
const CAP_SIGMA = 1.9;
const CAP_MAX = 4e11;
const CAP_MIN = 5e6;
/** Price from cap: ln p = ln 25 + 0.35 · ln(cap / 1.5B) + N(0, 0.9), floored at $0.05. */
const PRICE_MEDIAN = 25;
const PRICE_CAP_SLOPE = 0.35;
const PRICE_SIGMA = 0.9;
const PRICE_MIN = 0.05;
/** Above this cap a company is a large cap: widely held (high float), lower daily turnover. */
const LARGE_CAP = 1e10;

function drawCap(rng: Rng, sector: number, otc: boolean): number {
  // SPACs are cash shells of a few hundred million; ETFs' "cap" is their assets.
  if (sector === SECTOR.SPAC) return 1.5e8 * Math.exp(0.5 * rng.normal());
  const median = sector === SECTOR.ETF ? 3e8 : CAP_MEDIAN;
  // Redrawn rather than clamped above: no pile of names at exactly the ceiling.
  let cap = median * Math.exp(CAP_SIGMA * rng.normal());
  while (cap > CAP_MAX) cap = median * Math.exp(CAP_SIGMA * rng.normal());
  // Five-letter OTC names are the market's smallest companies.
  return Math.max(CAP_MIN, otc ? cap * 0.05 : cap);
}

function drawPrice(rng: Rng, sector: number, cap: number, otc: boolean): number {
  const z = rng.normal();
  if (sector === SECTOR.SPAC) return 10.2 * Math.exp(0.04 * z); // near the $10 trust value
  if (sector === SECTOR.ETF) return 30 * Math.exp(0.8 * z);
  const ln = Math.log(PRICE_MEDIAN) + PRICE_CAP_SLOPE * Math.log(cap / CAP_MEDIAN) + PRICE_SIGMA * z;
  return Math.max(PRICE_MIN, Math.exp(ln) * (otc ? 0.3 : 1));
}

/** The simulated listing: reference data, and each symbol's market cap beside it (dollars). */
export interface Listing {
  readonly refs: ReferenceData[];
  readonly caps: Float64Array;
}

/** Sector weights for a listing whose name says nothing: the shares left once names have spoken. */
const UNNAMED_WEIGHTS = SECTOR_WEIGHTS.filter(
  ([code]) => code !== SECTOR.ETF && code !== SECTOR.SPAC && code !== SECTOR.ADR,
);
const UNNAMED_TOTAL = UNNAMED_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);

/** The largest universe there is: the index ETFs and every listing of the shipped file. */
export const maxUniverse = (): number => INDEX_ETFS.length + usListings().length;

/**
 * The universe of `count` symbols (at most `maxUniverse()`): the index ETFs first, then real
 * Nasdaq, NYSE and Cboe listings (listings/README.md), the well-known top always and a seeded
 * spread of the rest. Market cap comes from the listing's size rank: caps drawn from the US
 * distribution (the ten mega caps fixed at the top), sorted, and handed out in the file's order.
 * Cap sizes everything else: price from cap, shares = cap / price, float a fraction of the shares
 * (low floats are small caps), average volume the float times a daily turnover. Every draw comes
 * from one seeded generator in a fixed order: same seed, same listing. The simulator sizes its
 * prints so that a symbol's day volume is its avgVolume times that day's relative volume.
 */
export function generateListing(seed: number, count: number): Listing {
  const rng = createRng(seed);
  const all = usListings();
  const n = Math.max(0, Math.min(count, maxUniverse()));
  const refs: ReferenceData[] = INDEX_ETFS.slice(0, Math.min(n, INDEX_ETFS.length));
  const caps = new Float64Array(n);
  for (let i = 0; i < refs.length; i++) {
    const r = refs[i] as ReferenceData;
    caps[i] = r.prevClose * r.float;
  }
  const picked = pickListings(n - refs.length, all.length, () => rng.next());
  // Caps by rank over the whole file, so a name keeps its size whatever the universe's size.
  const rankCaps = new Float64Array(all.length);
  for (let k = 0; k < all.length; k++) {
    rankCaps[k] =
      k < MEGA_CAPS.length
        ? (MEGA_CAPS[k] as [number, number])[0]
        : drawCap(rng, SECTOR.MISCELLANEOUS, false);
  }
  rankCaps.subarray(MEGA_CAPS.length).sort().reverse();
  for (const k of picked) {
    const listed = all[k] as Listed;
    const sector =
      k < MEGA_CAPS.length
        ? (MEGA_CAPS[k] as [number, number])[1]
        : (sectorOfName(listed.sym, listed.name) ?? pickSector(rng, UNNAMED_WEIGHTS, UNNAMED_TOTAL));
    const cap = sector === SECTOR.SPAC ? drawCap(rng, sector, false) : (rankCaps[k] as number);
    const prevClose = roundToTick(drawPrice(rng, sector, cap, false));
    const shares = cap / prevClose;
    const large = cap > LARGE_CAP;
    const float = Math.max(
      10_000,
      Math.round(shares * (large ? 0.85 + 0.14 * rng.next() : 0.3 + 0.6 * rng.next())),
    );
    const turnover = large ? logUniform(rng, 0.003, 0.03) : logUniform(rng, 0.01, 0.1);
    const avgVolume = Math.max(1_000, Math.round((float * turnover) / 100) * 100);
    const shortRatio = Math.round(logUniform(rng, 0.2, 15) * 100) / 100;
    // Options list on most established names, rarely on cheap or thinly floated ones.
    const optionable = prevClose >= 2.5 && float > 1e7 && (cap > 1e9 || rng.next() < 0.6);
    caps[refs.length] = cap;
    refs.push({
      sym: listed.sym,
      name: listed.name,
      sector,
      float,
      shortRatio,
      optionable,
      prevClose,
      avgVolume,
      exchange: listed.exchange,
    });
  }
  return { refs, caps };
}

/** The listing's reference data alone (see generateListing). */
export function generateUniverse(seed: number, count: number): ReferenceData[] {
  return generateListing(seed, count).refs;
}

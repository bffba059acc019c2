import { describe, expect, it } from 'vitest';
import { SECTOR } from '../../sectors.ts';
import { createRng } from '../prng.ts';
import { ALWAYS_LISTED, pickListings, sectorOfName, usListings } from './usListings.ts';

// The shipped listings (SEC EDGAR, public domain): Nasdaq, NYSE and Cboe common shares, and the
// way a universe of any size takes from them.

describe('the shipped US listings', () => {
  const all = usListings();

  it('are Nasdaq, NYSE and Cboe common shares with real names, AAPL first, no duplicates', () => {
    expect(all.length).toBeGreaterThan(6_000);
    expect(new Set(all.map((l) => l.exchange))).toEqual(new Set(['NASDAQ', 'NYSE', 'BATS']));
    expect(new Set(all.map((l) => l.sym)).size).toBe(all.length);
    expect(all[0]).toEqual({ sym: 'AAPL', name: 'Apple Inc.', exchange: 'NASDAQ' });
    for (const sym of ['TSLA', 'NVDA', 'BRK.B', 'GME', 'AMC'])
      expect(all.some((l) => l.sym === sym)).toBe(true);
    // Preferreds, warrants and the index ETFs (the simulator lists those itself) are not in it.
    expect(all.some((l) => /-P|W$/.test(l.sym) && l.sym.length === 5 && l.exchange === 'NASDAQ')).toBe(false);
    expect(all.some((l) => l.sym === 'SPY')).toBe(false);
  });

  it('takes the well-known top always and one name from each stretch of the rest, never twice', () => {
    const rng = createRng(3);
    const picked = pickListings(2_000, all.length, () => rng.next());
    expect(new Set(picked).size).toBe(2_000);
    expect([...picked.slice(0, ALWAYS_LISTED)]).toEqual(Array.from({ length: ALWAYS_LISTED }, (_, i) => i));
    // The last stretch reaches the small caps at the end of the file.
    expect(Math.max(...picked)).toBeGreaterThan(all.length - 10);
    expect(pickListings(all.length + 5, all.length, () => 0.5)).toHaveLength(all.length);
  });

  it('files the known names and reads the rest from their names', () => {
    expect(sectorOfName('NVDA', 'Nvidia Corp')).toBe(SECTOR.TECHNOLOGY);
    expect(sectorOfName('XYZA', 'Acme Therapeutics, Inc.')).toBe(SECTOR.BIOTECH);
    expect(sectorOfName('XYZB', 'First Valley Bancorp')).toBe(SECTOR.FINANCE);
    expect(sectorOfName('XYZC', 'Blue Ocean Acquisition Corp')).toBe(SECTOR.SPAC);
    expect(sectorOfName('XYZD', 'Plain Words Inc.')).toBeNull();
  });
});

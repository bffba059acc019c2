import { describe, expect, it } from 'vitest';
import { SECTOR_ALL, sectorOptions, sectorSelected, toggleSector } from './sectorFilter.ts';
import { SECTOR, SECTOR_NAMES } from './sectors.ts';

describe('the sector picker (discovery spec §4)', () => {
  it('choosing a sector while All is selected replaces All', () => {
    expect(toggleSector([], SECTOR.TECHNOLOGY)).toEqual([9]);
  });

  it('choosing a sector toggles it', () => {
    expect(toggleSector([9], SECTOR.ENERGY)).toEqual([9, 4]);
    expect(toggleSector([9, 4], SECTOR.TECHNOLOGY)).toEqual([4]);
  });

  it('choosing All, or emptying the list, resets to All', () => {
    expect(toggleSector([9, 4], SECTOR_ALL)).toEqual([]);
    expect(toggleSector([9], SECTOR.TECHNOLOGY)).toEqual([]);
    expect(sectorSelected([], 99)).toBe(true);
    // SPAC is off by default (§9): not under All, only when chosen.
    expect(sectorSelected([], SECTOR.SPAC)).toBe(false);
    expect(sectorSelected([SECTOR.SPAC], SECTOR.SPAC)).toBe(true);
    expect(sectorSelected([SECTOR.SPAC, 9], 9)).toBe(true);
    expect(sectorSelected([9], 4)).toBe(false);
    expect(sectorSelected([9], 9)).toBe(true);
  });

  it('lists All first, the sectors alphabetically, MISCELLANEOUS last', () => {
    const options = sectorOptions();
    expect(options[0]).toEqual({ value: 'all', label: 'All' });
    expect(options.at(-1)).toEqual({ value: 99, label: 'MISCELLANEOUS' });
    const middle = options.slice(1, -1).map((o) => o.label);
    expect(middle).toEqual([...middle].sort());
    expect(middle[0]).toBe('ADR');
    expect(middle.at(-1)).toBe('TRANSPORTATION');
    expect(options).toHaveLength(Object.keys(SECTOR_NAMES).length + 1);
  });
});

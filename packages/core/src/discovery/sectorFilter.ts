import { SECTOR, SECTOR_NAMES, type SectorCode } from './sectors.ts';

// The Discovery sector picker (discovery spec §4): the selection is a list of sector codes, and
// the empty list is "All". Choosing a sector toggles it; choosing All, or emptying the list,
// resets to All; choosing a sector while All is selected replaces All.

export const SECTOR_ALL = 'all' as const;
export type SectorChoice = SectorCode | number | typeof SECTOR_ALL;

/** The selection after choosing `code` (a sector code, or 'all'). [] is All. */
export function toggleSector(selected: readonly number[], code: SectorChoice): number[] {
  if (code === SECTOR_ALL) return [];
  if (selected.includes(code)) return selected.filter((c) => c !== code);
  return [...selected, code];
}

/**
 * Whether a row's sector passes the selection. [] is All: every sector but SPAC, which is off
 * by default (discovery spec §9) and shows only when chosen.
 */
export function sectorSelected(selected: readonly number[], code: number): boolean {
  return selected.length === 0 ? code !== SECTOR.SPAC : selected.includes(code);
}

export interface SectorOption {
  value: SectorCode | typeof SECTOR_ALL;
  label: string;
}

/** The picker's options: 'All' first, the sectors A→Z, MISCELLANEOUS last. */
export function sectorOptions(): SectorOption[] {
  const sectors = (Object.entries(SECTOR_NAMES) as [string, string][])
    .map(([code, label]) => ({ value: Number(code) as SectorCode, label }))
    .filter((o) => o.value !== SECTOR.MISCELLANEOUS)
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return [
    { value: SECTOR_ALL, label: 'All' },
    ...sectors,
    { value: SECTOR.MISCELLANEOUS, label: SECTOR_NAMES[SECTOR.MISCELLANEOUS] },
  ];
}

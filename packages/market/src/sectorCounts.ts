import { SECTOR_NAMES } from './sectors.ts';

/**
 * Symbols per sector code for the data host's `sector/symbols/cnt`: every spec code is listed,
 * at 0 when no symbol has it, and a code outside the spec's list is counted under its own key.
 */
export function countBySector(codes: Iterable<number>): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(
    Object.keys(SECTOR_NAMES).map((code) => [code, 0]),
  );
  for (const code of codes) {
    const key = String(code);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

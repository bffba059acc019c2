// Sector codes live in core (discovery/sectors.ts) so pure browser rules can read them; the
// market package re-exports them for its existing importers.
import { SECTOR, type SectorCode } from '@tapeline/core';

export {
  isSectorCode,
  normalizeSector,
  SECTOR,
  SECTOR_CODES,
  SECTOR_NAMES,
  type SectorCode,
} from '@tapeline/core';

/** SPAC is off by default in stream filters. */
export const SECTORS_OFF_BY_DEFAULT: readonly SectorCode[] = [SECTOR.SPAC];

// Sector codes as the spec numbers them (discovery spec §9); the stream filters and the
// Discovery sector picker use the numbers, so they are part of the contract. They live in core
// so pure rules (the sector picker order) can read the names; @tapeline/market re-exports them.

export const SECTOR = {
  CONSUMER_GOODS: 1,
  HEALTHCARE: 2,
  BASIC_INDUSTRIES: 3,
  ENERGY: 4,
  PUBLIC_UTILITIES: 5,
  COMMUNICATIONS: 6,
  CONSUMER_SVC: 7,
  BUSINESS_SVC: 8,
  TECHNOLOGY: 9,
  TRANSPORTATION: 10,
  CAPITAL_GOODS: 11,
  CONSUMER_DISC: 12,
  FINANCE: 13,
  SPAC: 14,
  REAL_ESTATE: 15,
  BIOTECH: 16,
  ADR: 81,
  ETF: 82,
  MISCELLANEOUS: 99,
} as const;

export type SectorCode = (typeof SECTOR)[keyof typeof SECTOR];

/** Display names as the spec writes them, keyed by code. */
export const SECTOR_NAMES: Readonly<Record<SectorCode, string>> = {
  1: 'CONSUMER GOODS',
  2: 'HEALTHCARE',
  3: 'BASIC INDUSTRIES',
  4: 'ENERGY',
  5: 'PUBLIC UTILITIES',
  6: 'COMMUNICATIONS',
  7: 'CONSUMER SVC',
  8: 'BUSINESS SVC',
  9: 'TECHNOLOGY',
  10: 'TRANSPORTATION',
  11: 'CAPITAL GOODS',
  12: 'CONSUMER DISC',
  13: 'FINANCE',
  14: 'SPAC',
  15: 'REAL ESTATE',
  16: 'BIOTECH',
  81: 'ADR',
  82: 'ETF',
  99: 'MISCELLANEOUS',
};

/** Sector codes in the order the spec lists them (the settings' and alert rules' sector pickers). */
export const SECTOR_CODES = (Object.keys(SECTOR_NAMES).map(Number) as SectorCode[]).sort((a, b) => a - b);

export function isSectorCode(n: number): n is SectorCode {
  return Object.hasOwn(SECTOR_NAMES, n);
}

/** Unknown codes fall into MISCELLANEOUS rather than vanishing from sector filters. */
export function normalizeSector(n: number): SectorCode {
  return isSectorCode(n) ? n : SECTOR.MISCELLANEOUS;
}

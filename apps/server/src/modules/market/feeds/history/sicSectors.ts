import { SECTOR } from '@tapeline/market';

// SEC Standard Industrial Classification code → the spec's sector code, for vendors whose
// reference data carries a SIC code (Massive's ticker details). The specific codes the product
// cares about first (biotech, SPACs, software), then by major group, then by division.

const BY_CODE: Readonly<Record<number, number>> = {
  2834: SECTOR.BIOTECH, // pharmaceutical preparations
  2836: SECTOR.BIOTECH, // biological products
  6770: SECTOR.SPAC, // blank checks
  6798: SECTOR.REAL_ESTATE, // real estate investment trusts
};

/** By major group (first two digits), where it differs from the division's sector. */
const BY_GROUP: Readonly<Record<number, number>> = {
  13: SECTOR.ENERGY, // oil and gas extraction
  20: SECTOR.CONSUMER_GOODS,
  21: SECTOR.CONSUMER_GOODS,
  22: SECTOR.CONSUMER_GOODS,
  23: SECTOR.CONSUMER_GOODS,
  27: SECTOR.CONSUMER_SVC, // printing and publishing
  29: SECTOR.ENERGY, // petroleum refining
  31: SECTOR.CONSUMER_GOODS, // leather
  35: SECTOR.CAPITAL_GOODS,
  36: SECTOR.TECHNOLOGY, // electronic equipment
  37: SECTOR.CAPITAL_GOODS,
  38: SECTOR.CAPITAL_GOODS, // instruments (medical ones below)
  39: SECTOR.CONSUMER_GOODS,
  48: SECTOR.COMMUNICATIONS,
  49: SECTOR.PUBLIC_UTILITIES,
  65: SECTOR.REAL_ESTATE,
  73: SECTOR.BUSINESS_SVC,
  80: SECTOR.HEALTHCARE,
  87: SECTOR.BUSINESS_SVC,
};

function byDivision(group: number): number {
  if (group >= 1 && group <= 14) return SECTOR.BASIC_INDUSTRIES; // agriculture, mining
  if (group <= 17) return SECTOR.CAPITAL_GOODS; // construction
  if (group <= 39) return SECTOR.BASIC_INDUSTRIES; // other manufacturing: chemicals, metals, paper
  if (group <= 47) return SECTOR.TRANSPORTATION;
  if (group <= 59) return SECTOR.CONSUMER_SVC; // wholesale and retail trade
  if (group <= 67) return SECTOR.FINANCE;
  if (group <= 89) return SECTOR.CONSUMER_SVC; // services
  return SECTOR.MISCELLANEOUS; // public administration, nonclassifiable
}

/** The sector of a SIC code ("3571" or 3571); MISCELLANEOUS when missing or not a SIC code. */
export function sicSector(sic: unknown): number {
  const code = typeof sic === 'string' ? Number(sic.trim()) : sic;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 100 || code > 9999)
    return SECTOR.MISCELLANEOUS;
  const exact = BY_CODE[code];
  if (exact !== undefined) return exact;
  if (code >= 2830 && code <= 2839) return SECTOR.HEALTHCARE; // drugs
  if (code >= 3840 && code <= 3851) return SECTOR.HEALTHCARE; // medical instruments and supplies
  if ((code >= 3570 && code <= 3579) || (code >= 7370 && code <= 7379)) return SECTOR.TECHNOLOGY; // computers, software
  if (code >= 3710 && code <= 3716) return SECTOR.CONSUMER_DISC; // motor vehicles
  const group = Math.floor(code / 100);
  return BY_GROUP[group] ?? byDivision(group);
}

import { describe, expect, it } from 'vitest';
import { sicSector } from './sicSectors.ts';

describe('SIC code to sector', () => {
  it('names the codes the product cares about first', () => {
    expect(sicSector('2834')).toBe(16); // pharmaceutical preparations → BIOTECH
    expect(sicSector('2836')).toBe(16);
    expect(sicSector('6770')).toBe(14); // blank checks → SPAC
    expect(sicSector('6798')).toBe(15); // REIT → REAL ESTATE
    expect(sicSector('7372')).toBe(9); // prepackaged software → TECHNOLOGY
    expect(sicSector('3571')).toBe(9); // electronic computers
    expect(sicSector('3841')).toBe(2); // surgical instruments → HEALTHCARE
    expect(sicSector('3711')).toBe(12); // motor vehicles → CONSUMER DISC
  });

  it('then the major group, then the division', () => {
    expect(sicSector('1311')).toBe(4); // crude petroleum → ENERGY
    expect(sicSector('2911')).toBe(4);
    expect(sicSector('4911')).toBe(5); // electric services → PUBLIC UTILITIES
    expect(sicSector('4813')).toBe(6); // telephone → COMMUNICATIONS
    expect(sicSector('4512')).toBe(10); // air transportation
    expect(sicSector('6022')).toBe(13); // state banks → FINANCE
    expect(sicSector('8062')).toBe(2); // hospitals
    expect(sicSector('3674')).toBe(9); // semiconductors
    expect(sicSector('3312')).toBe(3); // steel works → BASIC INDUSTRIES
    expect(sicSector('5331')).toBe(7); // variety stores → CONSUMER SVC
    expect(sicSector('7389')).toBe(8); // business services, not software (737x)
  });

  it('is MISCELLANEOUS when missing or not a code', () => {
    expect(sicSector(undefined)).toBe(99);
    expect(sicSector('')).toBe(99);
    expect(sicSector('ab12')).toBe(99);
    expect(sicSector('9999')).toBe(99);
  });
});

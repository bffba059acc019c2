import { SECTOR } from '../../sectors.ts';
import { isTestSymbol } from '../../testSymbols.ts';
import listings from './usListings.json' with { type: 'json' };

// The real US listings the simulator draws its universe from: SEC EDGAR's public-domain ticker
// file, Nasdaq, NYSE and Cboe common shares, largest company first (README.md beside this file).

export interface Listed {
  readonly sym: string;
  readonly name: string;
  readonly exchange: string;
}

let cached: readonly Listed[] | null = null;

/**
 * Every listing, in the SEC's order (roughly by company size, largest first). Read on first use:
 * a bundle that imports the package for its calendar never builds it.
 */
export function usListings(): readonly Listed[] {
  cached ??= (listings.data as [string, string, string][])
    .filter(([sym]) => !isTestSymbol(sym))
    .map(([sym, name, exchange]) => ({ sym, name, exchange }));
  return cached;
}

/**
 * Sectors of the best-known names, as a trader files them; the rest are read from their names
 * (`sectorOfName`) or drawn in US proportions.
 */
const KNOWN: Readonly<Record<string, number>> = {
  AAPL: SECTOR.TECHNOLOGY,
  MSFT: SECTOR.TECHNOLOGY,
  GOOGL: SECTOR.COMMUNICATIONS,
  GOOG: SECTOR.COMMUNICATIONS,
  AMZN: SECTOR.CONSUMER_DISC,
  NVDA: SECTOR.TECHNOLOGY,
  'BRK.B': SECTOR.FINANCE,
  'BRK.A': SECTOR.FINANCE,
  META: SECTOR.COMMUNICATIONS,
  TSLA: SECTOR.CONSUMER_DISC,
  V: SECTOR.FINANCE,
  UNH: SECTOR.HEALTHCARE,
  TSM: SECTOR.TECHNOLOGY,
  XOM: SECTOR.ENERGY,
  JNJ: SECTOR.HEALTHCARE,
  LLY: SECTOR.BIOTECH,
  WMT: SECTOR.CONSUMER_SVC,
  JPM: SECTOR.FINANCE,
  MA: SECTOR.FINANCE,
  PG: SECTOR.CONSUMER_GOODS,
  AVGO: SECTOR.TECHNOLOGY,
  HD: SECTOR.CONSUMER_DISC,
  ORCL: SECTOR.TECHNOLOGY,
  CVX: SECTOR.ENERGY,
  MRK: SECTOR.HEALTHCARE,
  KO: SECTOR.CONSUMER_GOODS,
  PEP: SECTOR.CONSUMER_GOODS,
  ABBV: SECTOR.BIOTECH,
  COST: SECTOR.CONSUMER_SVC,
  BAC: SECTOR.FINANCE,
  ADBE: SECTOR.TECHNOLOGY,
  CRM: SECTOR.TECHNOLOGY,
  AMD: SECTOR.TECHNOLOGY,
  NFLX: SECTOR.COMMUNICATIONS,
  INTC: SECTOR.TECHNOLOGY,
  DIS: SECTOR.COMMUNICATIONS,
  CSCO: SECTOR.TECHNOLOGY,
  MCD: SECTOR.CONSUMER_SVC,
  NKE: SECTOR.CONSUMER_GOODS,
  WFC: SECTOR.FINANCE,
  GME: SECTOR.CONSUMER_DISC,
  AMC: SECTOR.CONSUMER_SVC,
};

/** Words of a company's name that say its sector, checked in this order (the first match wins). */
const NAME_RULES: readonly [RegExp, number][] = [
  [/\bacquisition\b/i, SECTOR.SPAC],
  [/\b(etf|etfs|fund|index|ishares|spdr|proshares|direxion|invesco db)\b/i, SECTOR.ETF],
  [/\b(adr|ads|american depositary)\b/i, SECTOR.ADR],
  [/(therapeut|pharma|bio|genomic|genetic|oncolog|vaccin|immun|rna\b|cell)/i, SECTOR.BIOTECH],
  [/\b(health|medical|surgical|hospital|care|diagnostic|dental|clinic|labs?)\b/i, SECTOR.HEALTHCARE],
  [/\b(realty|reit|propert(y|ies)|real estate|residential|apartment|lodging|storage)\b/i, SECTOR.REAL_ESTATE],
  [
    /\b(ban(k|corp|cshares)|financial|capital|insurance|assurance|credit|lending|invest(ment|ors)?|asset|trust|mortgage|holdings? corp)\b/i,
    SECTOR.FINANCE,
  ],
  [/\b(energy|oil|gas|petroleum|drilling|midstream|solar|pipeline|uranium)\b/i, SECTOR.ENERGY],
  [/\b(utilit(y|ies)|electric|power|water)\b/i, SECTOR.PUBLIC_UTILITIES],
  [
    /\b(software|semiconductor|technolog(y|ies)|systems|micro|data|digital|cyber|cloud|networks?|tech|ai)\b/i,
    SECTOR.TECHNOLOGY,
  ],
  [/\b(communications?|telecom|media|wireless|broadcasting|entertainment|cable)\b/i, SECTOR.COMMUNICATIONS],
  [
    /\b(airlines?|logistics|shipping|freight|transport|rail(road|way)?|trucking|marine|tankers)\b/i,
    SECTOR.TRANSPORTATION,
  ],
  [
    /\b(mining|minerals?|metals?|steel|gold|silver|chemicals?|materials|paper|lithium|copper)\b/i,
    SECTOR.BASIC_INDUSTRIES,
  ],
  [
    /\b(aerospace|defense|machinery|engineering|manufacturing|industr(y|ies|ial)|equipment|tools)\b/i,
    SECTOR.CAPITAL_GOODS,
  ],
  [
    /\b(restaurants?|hotels?|resorts?|casinos?|gaming|education|leisure|travel|cruise)\b/i,
    SECTOR.CONSUMER_SVC,
  ],
  [/\b(foods?|beverages?|brands|apparel|tobacco|household|cosmetics|farms?)\b/i, SECTOR.CONSUMER_GOODS],
  [/\b(stores|retail|motors?|automotive|homes?|furniture)\b/i, SECTOR.CONSUMER_DISC],
  [/\b(services|consulting|staffing|solutions)\b/i, SECTOR.BUSINESS_SVC],
  // A foreign issuer with no other word: most trade in New York as depositary shares.
  [/\b(ltd\.?|limited|plc|n\.v\.|s\.a\.|ag|se)$/i, SECTOR.ADR],
];

/** The sector a trader would file this listing under, or null when its name does not say. */
export function sectorOfName(sym: string, name: string): number | null {
  const known = KNOWN[sym];
  if (known !== undefined) return known;
  for (const [words, sector] of NAME_RULES) if (words.test(name)) return sector;
  return null;
}

/** The well-known top of the list a universe of any size keeps: the names traders ask for first. */
export const ALWAYS_LISTED = 60;

/**
 * Which `n` of the `total` listings (by rank, ascending) a universe of that size takes: the top
 * ALWAYS_LISTED, then one from each equal stretch of the rest, at a seeded place within it, so a
 * small universe holds small caps as well as the mega caps. All of them when n ≥ total.
 */
export function pickListings(n: number, total: number, next: () => number): Int32Array {
  if (n >= total) return Int32Array.from({ length: total }, (_, i) => i);
  const top = Math.min(n, ALWAYS_LISTED);
  const out = new Int32Array(n);
  for (let i = 0; i < top; i++) out[i] = i;
  const rest = n - top;
  const span = (total - top) / Math.max(1, rest);
  for (let k = 0; k < rest; k++) {
    // Whole ranks [from, to) per stretch: neighbouring stretches never share one.
    const from = Math.floor(k * span);
    const to = Math.floor((k + 1) * span);
    out[top + k] = top + from + Math.floor(next() * (to - from));
  }
  return out;
}

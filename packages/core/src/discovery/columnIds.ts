// The Discovery table's 15 columns (discovery spec §2), in order. The ids are the spec's names
// for what each column sorts by (§4: "price_dist, atr and gap sort by the dollar or percent
// variant"), so the Last column's id is price_dist. Kept free of imports: the dashboard config
// schema reads it.
export const DISCOVERY_COLUMN_IDS = [
  'symbol',
  'price_dist',
  'volume',
  'moneyflow',
  'float',
  'momentum',
  'uVol',
  'vWapDist',
  'short_ratio',
  'squeeze',
  'atr',
  'trend',
  'rs',
  'gap',
  'actions',
] as const;
export type DiscoveryColumnId = (typeof DISCOVERY_COLUMN_IDS)[number];

/** How a two-way column shows its value: percent or dollars (§3 config "display"). */
export const DISCOVERY_DISPLAYS = ['%', '$'] as const;
export type DiscoveryDisplay = (typeof DISCOVERY_DISPLAYS)[number];

/** Columns with a % / $ display choice; % is the default for each (§3 config). */
export const DISPLAY_COLUMNS = ['price_dist', 'atr', 'gap'] as const;
export type DisplayColumnId = (typeof DISPLAY_COLUMNS)[number];

import type { DiscoveryColumnOption } from '../dashboard/configSchema.ts';
import { type DiscoveryAccess, hiddenDiscoveryKeys } from '../rules/discoveryAccess.ts';
import {
  DISCOVERY_COLUMN_IDS,
  DISPLAY_COLUMNS,
  type DiscoveryColumnId,
  type DiscoveryDisplay,
} from './columnIds.ts';
import type { LockableDiscoveryKey } from './row.ts';

export interface DiscoveryColumn {
  id: DiscoveryColumnId;
  /** Header text as §2 lists it. */
  label: string;
  /** Every column sorts except Actions (§2). */
  sortable: boolean;
  /** Symbol and Actions cannot be hidden: a row without them cannot be read or acted on. */
  hideable: boolean;
  /** Whether the column has a % / $ display choice. */
  hasDisplay: boolean;
  /** The served row key the column needs that a plan may not see (§5 column access), if any. */
  lockKey: LockableDiscoveryKey | null;
  /** Whether a plan sees this column locked (same as columnLockedFor(id, access)). */
  lockedFor: (access: DiscoveryAccess) => boolean;
}

const LOCK_KEY: Partial<Record<DiscoveryColumnId, LockableDiscoveryKey>> = {
  squeeze: 'z',
  moneyflow: 'mf',
  trend: 'st',
  short_ratio: 'sr',
  atr: 'tr',
  gap: 'g',
};

const LABELS: Record<DiscoveryColumnId, string> = {
  symbol: 'Symbol',
  price_dist: 'Last',
  volume: 'Volume',
  moneyflow: 'Money Flow',
  float: 'Float',
  momentum: 'Momentum',
  uVol: 'UVol',
  vWapDist: 'VWAPDist',
  short_ratio: 'Short Ratio',
  squeeze: 'Squeeze',
  atr: 'ATR',
  trend: 'Trend',
  rs: 'RelStr',
  gap: 'Gap',
  actions: 'Actions',
};

/** The 15 columns of §2, in order. */
export const DISCOVERY_COLUMNS: readonly DiscoveryColumn[] = DISCOVERY_COLUMN_IDS.map((id) => ({
  id,
  label: LABELS[id],
  sortable: id !== 'actions',
  hideable: id !== 'symbol' && id !== 'actions',
  hasDisplay: (DISPLAY_COLUMNS as readonly string[]).includes(id),
  lockKey: LOCK_KEY[id] ?? null,
  lockedFor: (access: DiscoveryAccess) => columnLockedFor(id, access),
}));

/** Whether a plan sees a column locked (upgrade button in the table, absent from the CSV). */
export function columnLockedFor(column: DiscoveryColumnId, access: DiscoveryAccess): boolean {
  const key = LOCK_KEY[column];
  return key !== undefined && hiddenDiscoveryKeys(access).includes(key);
}

/** The default column options: everything shown, % for price, ATR and gap (§3). */
export function defaultDiscoveryColumns(): DiscoveryColumnOption[] {
  return DISCOVERY_COLUMNS.map((c) =>
    c.hasDisplay ? { column: c.id, hidden: false, display: '%' } : { column: c.id, hidden: false },
  );
}

/**
 * The column options to use for a saved value (§5: "a discovery config with fewer columns than
 * the default is replaced by the default"). Anything that is not a list of the known columns —
 * missing, malformed, or short after unknown and repeated entries are dropped — gives the
 * default; otherwise each column keeps its saved hidden flag and display, in §2 order, with the
 * default filling a missing or invalid display and Symbol/Actions always shown.
 */
export function normalizeDiscoveryColumns(saved: unknown): DiscoveryColumnOption[] {
  const defaults = defaultDiscoveryColumns();
  if (!Array.isArray(saved)) return defaults;
  const byId = new Map<string, { hidden: boolean; display?: unknown }>();
  for (const entry of saved) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { column, hidden, display } = entry as Record<string, unknown>;
    if (typeof column !== 'string' || typeof hidden !== 'boolean') continue;
    if (!(DISCOVERY_COLUMN_IDS as readonly string[]).includes(column) || byId.has(column)) continue;
    byId.set(column, { hidden, display });
  }
  if (byId.size < defaults.length) return defaults;
  return DISCOVERY_COLUMNS.map((c, i) => {
    const s = byId.get(c.id) as { hidden: boolean; display?: unknown };
    const hidden = c.hideable ? s.hidden : false;
    if (!c.hasDisplay) return { column: c.id, hidden };
    const display: DiscoveryDisplay = s.display === '$' || s.display === '%' ? s.display : '%';
    return { ...(defaults[i] as DiscoveryColumnOption), hidden, display };
  });
}

/** The display a column uses under some options: its saved choice, else % (the default). */
export function displayOf(
  columns: readonly DiscoveryColumnOption[] | undefined,
  column: DiscoveryColumnId,
): DiscoveryDisplay {
  return columns?.find((c) => c.column === column)?.display === '$' ? '$' : '%';
}

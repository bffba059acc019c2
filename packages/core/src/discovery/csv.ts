import type { DiscoveryColumnOption } from '../dashboard/configSchema.ts';
import type { DiscoveryAccess } from '../rules/discoveryAccess.ts';
import type { DiscoveryColumnId } from './columnIds.ts';
import { columnLockedFor, DISCOVERY_COLUMNS } from './columns.ts';
import type { DiscoveryDisplayRow } from './displayRow.ts';
import { DISCOVERY_CSV_MAX_ROWS } from './refresh.ts';

// The Discovery CSV (discovery spec §5 Discovery): the rows in table order, at most 1000 unless
// a Pro Plus subscriber asks for the full export; the columns the table shows (not hidden by
// configuration), minus the ones the plan may not see; numbers raw (not abbreviated), vWAP with
// 4 decimals, unknown values empty.

type Row = DiscoveryDisplayRow;
interface Field {
  header: string;
  value: (r: Row) => string | number | null;
}

const vwap4 = (x: number | null) => (x === null ? null : x.toFixed(4));

/** The CSV fields of each exported column (both the % and $ variants where there are two). */
const FIELDS: Record<Exclude<DiscoveryColumnId, 'actions'>, Field[]> = {
  symbol: [{ header: 'Symbol', value: (r) => r.symbol }],
  price_dist: [
    { header: 'Last', value: (r) => r.last },
    { header: 'Change %', value: (r) => r.price_dist },
    { header: 'Change $', value: (r) => r.dollar_dist },
  ],
  volume: [
    { header: 'Volume', value: (r) => r.volume },
    { header: 'Volume Change %', value: (r) => r.volume_dist },
  ],
  moneyflow: [
    { header: 'Money Flow', value: (r) => r.moneyflow },
    { header: 'Money Flow Change %', value: (r) => r.moneyflow_dist },
  ],
  float: [{ header: 'Float', value: (r) => r.float }],
  momentum: [{ header: 'Momentum', value: (r) => r.momentum }],
  uVol: [{ header: 'UVol', value: (r) => r.uVol }],
  vWapDist: [{ header: 'VWAPDist', value: (r) => vwap4(r.vWapDist) }],
  short_ratio: [{ header: 'Short Ratio', value: (r) => r.short_ratio }],
  squeeze: [{ header: 'Squeeze', value: (r) => (r.squeeze === '-' ? null : r.squeeze) }],
  atr: [
    { header: 'ATR %', value: (r) => r.atr },
    { header: 'ATR $', value: (r) => r.atr_dollar_dist },
  ],
  trend: [
    { header: 'Trend', value: (r) => (r.trend === null ? null : r.trend[0] > 0 ? 'BUY' : 'SELL') },
    { header: 'Trend Price', value: (r) => (r.trend === null ? null : r.trend[1]) },
  ],
  rs: [{ header: 'RelStr', value: (r) => r.rs }],
  gap: [
    { header: 'Gap $', value: (r) => r.gap },
    { header: 'Gap %', value: (r) => r.gap_percent_dist },
  ],
};

/** Whether a plan may download every row (§5: full export needs Pro Plus). */
export const fullExportAllowed = (access: DiscoveryAccess) => access === 'proplus';

/** The columns a CSV holds for a plan and column options, in table order. */
export function csvColumns(
  columns: readonly DiscoveryColumnOption[],
  access: DiscoveryAccess,
): Exclude<DiscoveryColumnId, 'actions'>[] {
  const hidden = new Set(columns.filter((c) => c.hidden).map((c) => c.column));
  return DISCOVERY_COLUMNS.map((c) => c.id).filter(
    (id): id is Exclude<DiscoveryColumnId, 'actions'> =>
      id !== 'actions' && !hidden.has(id) && !columnLockedFor(id, access),
  );
}

function cell(v: string | number | null): string {
  if (v === null || (typeof v === 'number' && !Number.isFinite(v))) return '';
  const s = String(v);
  // A leading = + - @ would run as a formula in a spreadsheet; a number (-2.5000) is left alone.
  const safe = typeof v === 'string' && /^[=+\-@]/.test(s) && !/^-\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The CSV text (header line first, CRLF line ends as RFC 4180 writes them). `full` asks for every
 * row; it is honoured for Pro Plus only, everyone else gets the first 1000.
 */
export function csvOf(
  rows: readonly Row[],
  columns: readonly DiscoveryColumnOption[],
  access: DiscoveryAccess,
  full: boolean,
): string {
  const fields = csvColumns(columns, access).flatMap((id) => FIELDS[id]);
  const limit =
    full && fullExportAllowed(access) ? rows.length : Math.min(rows.length, DISCOVERY_CSV_MAX_ROWS);
  const lines = [fields.map((f) => cell(f.header)).join(',')];
  for (let i = 0; i < limit; i++) {
    const r = rows[i] as Row;
    lines.push(fields.map((f) => cell(f.value(r))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

import type { DiscoveryColumnOption } from '../dashboard/configSchema.ts';
import type { DiscoveryAccess } from '../rules/discoveryAccess.ts';
import type { DiscoveryColumnId } from './columnIds.ts';
import { columnLockedFor, DISCOVERY_COLUMNS } from './columns.ts';
import type { DiscoveryDisplayRow } from './displayRow.ts';
import { DISCOVERY_CSV_MAX_ROWS } from './refresh.ts';

// The Discovery CSV (discovery spec §5 Discovery): the rows in table order, at most 1000 unless
// a Pro Plus subscriber asks for the full export; the columns the table shows (not hidden by
// configuration), minus the ones the plan may not see; numbers not abbreviated but rounded as
// the table shows them (0.31, never 0.31000000000000005), vWAP with 4 decimals, unknown values
// empty.

type Row = DiscoveryDisplayRow;
interface Field {
  header: string;
  value: (r: Row) => string | number | null;
}

const vwap4 = (x: number | null) => (x === null ? null : x.toFixed(4));

/** Half away from zero to `digits` decimals, as a number (trailing zeros dropped). */
function roundTo(x: number | null, digits: number): number | null {
  if (x === null || !Number.isFinite(x)) return null;
  const scale = 10 ** digits;
  const r = Math.round((Math.abs(x) + Number.EPSILON) * scale) / scale;
  return x < 0 ? -r : r;
}
/** The decimals a price shows (core formatPrice): 4 below a dollar, else 2. */
const priceDigits = (price: number | null) => (price !== null && Math.abs(price) < 1 ? 4 : 2);
/** Prices, and dollar amounts on the row's stock: as many decimals as its price shows. */
const price = (x: number | null) => roundTo(x, priceDigits(x));
const onStock = (r: Row, x: number | null) => roundTo(x, priceDigits(r.last));
/** Percents, ratios and counts: 2 decimals (whole counts stay whole). */
const two = (x: number | null) => roundTo(x, 2);

/** The CSV fields of each exported column (both the % and $ variants where there are two). */
const FIELDS: Record<Exclude<DiscoveryColumnId, 'actions'>, Field[]> = {
  symbol: [{ header: 'Symbol', value: (r) => r.symbol }],
  price_dist: [
    { header: 'Last', value: (r) => price(r.last) },
    { header: 'Change %', value: (r) => two(r.price_dist) },
    { header: 'Change $', value: (r) => onStock(r, r.dollar_dist) },
  ],
  volume: [
    { header: 'Volume', value: (r) => two(r.volume) },
    { header: 'Volume Change %', value: (r) => two(r.volume_dist) },
  ],
  moneyflow: [
    { header: 'Money Flow', value: (r) => two(r.moneyflow) },
    { header: 'Money Flow Change %', value: (r) => two(r.moneyflow_dist) },
  ],
  float: [{ header: 'Float', value: (r) => two(r.float) }],
  momentum: [{ header: 'Momentum', value: (r) => r.momentum }],
  uVol: [{ header: 'UVol', value: (r) => two(r.uVol) }],
  vWapDist: [{ header: 'VWAPDist', value: (r) => vwap4(r.vWapDist) }],
  short_ratio: [{ header: 'Short Ratio', value: (r) => two(r.short_ratio) }],
  squeeze: [{ header: 'Squeeze', value: (r) => (r.squeeze === '-' ? null : r.squeeze) }],
  atr: [
    { header: 'ATR %', value: (r) => two(r.atr) },
    { header: 'ATR $', value: (r) => onStock(r, r.atr_dollar_dist) },
  ],
  trend: [
    { header: 'Trend', value: (r) => (r.trend === null ? null : r.trend[0] > 0 ? 'BUY' : 'SELL') },
    { header: 'Trend Price', value: (r) => (r.trend === null ? null : price(r.trend[1])) },
  ],
  rs: [{ header: 'RelStr', value: (r) => two(r.rs) }],
  gap: [
    { header: 'Gap $', value: (r) => onStock(r, r.gap) },
    { header: 'Gap %', value: (r) => two(r.gap_percent_dist) },
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

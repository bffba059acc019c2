import { type AlertDetail, formatPercent, formatPrice } from '@tapeline/core';
import { alertsText } from './alertsText.ts';

/** One line of an alert's detail: what it is and its value as the trader reads it. */
export interface DetailRow {
  label: string;
  value: string;
  /** The figure that fired the alert (highlighted). */
  fired: boolean;
}

/** The figure each kind fires on; the price for Hi/Low. */
const FIRED_ON: Readonly<Record<AlertDetail['kind'], keyof typeof alertsText.figures | null>> = {
  trade: 'price',
  price: 'change',
  uv: 'uv',
  vwap: 'vwap',
  filtered: 'filter',
  halt: 'reason',
  digest: null,
};

/**
 * The detail's figures (issue 27): the price at the print, the % change from the prior close,
 * uVol and the distance from VWAP when known, the filter or halt reason, and which of them
 * fired the alert.
 */
export function detailRows(d: AlertDetail): DetailRow[] {
  const fired = FIRED_ON[d.kind];
  const f = alertsText.figures;
  const rows: [keyof typeof f, string | null][] = [
    ['price', d.price === null ? null : formatPrice(d.price)],
    ['change', d.price_dist === null ? null : formatPercent(d.price_dist)],
    ['uv', d.uv === null ? null : `${Math.round(d.uv).toLocaleString('en-US')}%`],
    ['vwap', d.vwap_dist === null ? null : formatPercent(d.vwap_dist)],
    ['filter', d.filter ?? null],
    ['reason', d.reason_code || null],
  ];
  return rows
    .filter((r): r is [keyof typeof f, string] => r[1] !== null)
    .map(([key, value]) => ({ label: f[key], value, fired: key === fired }));
}

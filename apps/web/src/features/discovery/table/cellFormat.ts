import { formatAbbreviated } from '@tapeline/core';

// How the Discovery table writes numbers (discovery spec §9): abbreviated with k, m and b and 2
// decimals; prices with 2 decimals, 4 below a dollar (core formatPrice), and so dollar moves. '-' for unknown.

const known = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** 950 → '950', 12_345 → '12.35k', 3_210_000 → '3.21m', −1.5e9 → '-1.50b' (core, shared with the popups). */
export const abbreviate = formatAbbreviated;

/** Signed percent, 2 decimals: '+4.25%', '-1.10%'. */
export function percent(value: number | null | undefined): string {
  if (!known(value)) return '-';
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
}

/**
 * Signed dollars with the decimals of the stock's price (core formatPrice): 2, or 4 on a stock
 * below a dollar. '+$1.25', '-$0.05' on an $870 stock, '-$0.0450' on a $0.80 one.
 */
export function dollars(value: number | null | undefined, price: number | null | undefined): string {
  if (!known(value)) return '-';
  const abs = Math.abs(value);
  const digits = known(price) && Math.abs(price) < 1 ? 4 : 2;
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}$${abs.toFixed(digits)}`;
}

/** A plain number with 2 decimals, '-' when unknown. */
export function fixed2(value: number | null | undefined): string {
  return known(value) ? value.toFixed(2) : '-';
}

/** The tone of a signed value: up, down or flat (CSS colours it). */
export function toneOf(value: number | null | undefined): 'up' | 'down' | undefined {
  if (!known(value) || value === 0) return undefined;
  return value > 0 ? 'up' : 'down';
}

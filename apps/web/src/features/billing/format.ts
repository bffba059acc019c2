/** Spec §9: prices show as amount/100 with 2 decimals ("12.50"), without a currency sign. */
export function centsToAmount(cents: number): string {
  return (Math.max(0, Math.round(cents)) / 100).toFixed(2);
}

/** "$12.50": the dollar sign with the spec's two-decimal amount. */
export function formatUsd(cents: number): string {
  return cents < 0 ? `-$${centsToAmount(-cents)}` : `$${centsToAmount(cents)}`;
}

/** An invoice's `created` (seconds since the epoch) as a short date, e.g. "Nov 23, 2026". */
export function formatInvoiceDate(seconds: number, locale?: string): string {
  return new Date(seconds * 1000).toLocaleDateString(locale ?? 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Card expiry as MM/YY. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

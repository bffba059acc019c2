/** Prices: 2 decimals, 4 below $1 (penny stocks move in hundredths of a cent). */
export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value.toFixed(Math.abs(value) < 1 ? 4 : 2);
}

/** Volumes and share counts: 950, 12.5k, 3.2m, 1.1b. */
export function formatVolume(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const abs = Math.abs(value);
  const units: [number, string][] = [
    [1e9, 'b'],
    [1e6, 'm'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const scaled = value / size;
      return `${Number(scaled.toFixed(Math.abs(scaled) >= 100 ? 0 : 1))}${suffix}`;
    }
  }
  return String(Math.round(value));
}

/**
 * Discovery's numbers (discovery spec §9: k, m and b with 2 decimals), in its table and its
 * popups alike: 950 → '950', 12_345 → '12.35k', 3_210_000 → '3.21m', 1_000_000 → '1.00m'.
 */
export function formatAbbreviated(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const abs = Math.abs(value);
  for (const [size, suffix] of [
    [1e9, 'b'],
    [1e6, 'm'],
    [1e3, 'k'],
  ] as const) {
    if (abs >= size) return `${(value / size).toFixed(2)}${suffix}`;
  }
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** Percentages with a sign: +4.25%, −1.10%. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
}

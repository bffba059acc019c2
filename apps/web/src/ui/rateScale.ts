import { PERCENT_STEP_RANGE, RATE_RANGES, type RuleType, type StepUnit } from '@tapeline/core';

// A rate slider runs over ranges of up to almost five decades (0.02–1000 for Hi/Low), so it
// steps through round values per decade (1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9 ×10ⁿ) rather than
// evenly: the ends of the type's §9 range and its default are always among them.

const MANTISSAS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9];

/** A type's range; a Hi/Low step in percent has its own (0.1–100 %). */
export function rateRange(type: RuleType, unit: StepUnit = 'dollar') {
  return type === 'trade' && unit === 'percent' ? PERCENT_STEP_RANGE : RATE_RANGES[type];
}

/** The values a type's slider stops at, ascending. */
export function rateStops(type: RuleType, unit: StepUnit = 'dollar'): number[] {
  const { min, max, default: initial } = rateRange(type, unit);
  const stops = new Set([min, max, initial]);
  for (let exp = Math.floor(Math.log10(min)); exp <= Math.ceil(Math.log10(max)); exp += 1) {
    for (const m of MANTISSAS) {
      // Rounded so 0.1 × 3 is 0.3, not 0.30000000000000004.
      const value = Number((m * 10 ** exp).toPrecision(3));
      if (value > min && value < max) stops.add(value);
    }
  }
  return [...stops].sort((a, b) => a - b);
}

/** The stop nearest to a rate (by ratio, as the scale is logarithmic). */
export function rateToPosition(stops: readonly number[], rate: number): number {
  let best = 0;
  for (let i = 1; i < stops.length; i += 1) {
    const distance = Math.abs(Math.log(rate / (stops[i] as number)));
    if (distance < Math.abs(Math.log(rate / (stops[best] as number)))) best = i;
  }
  return best;
}

export function positionToRate(stops: readonly number[], position: number): number {
  const at = Math.min(stops.length - 1, Math.max(0, Math.round(position)));
  return stops[at] as number;
}

/** Hi/Low rates are dollars of price move (or a percent of it); the others percentages. */
export function formatRate(type: RuleType, rate: number, unit: StepUnit = 'dollar'): string {
  if (type === 'trade' && unit === 'dollar') return `$${rate.toFixed(2)}`;
  return `${Number.parseFloat(rate.toFixed(2))}%`;
}

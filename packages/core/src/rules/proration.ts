/** What a plan change costs now: credit for the unused part of the paid period, charge for the new plan. */
export interface ProrationInput {
  /** Cents paid for the current period (0 when it was not paid: trial or past due). */
  paidAmount: number;
  /** Cents per period of the new plan, after any coupon. */
  newAmount: number;
  periodStartMs: number;
  periodEndMs: number;
  nowMs: number;
  /**
   * True when the new plan bills on another interval: the period restarts now and the whole new
   * price is due (less the credit). False: the period is kept and only its unused part is charged.
   */
  restartPeriod: boolean;
}

export interface Proration {
  /** Unused share of the current period, 0..1. */
  unusedFraction: number;
  /** Cents credited for unused time (≥ 0). */
  credit: number;
  /** Cents charged for the new plan (≥ 0). */
  charge: number;
  /** charge − credit: what the invoice totals; negative means money goes back. */
  total: number;
}

/** Stripe's rule, to the second: unused time is credited at the old price and charged at the new one. */
export function prorate(input: ProrationInput): Proration {
  const length = input.periodEndMs - input.periodStartMs;
  const left = Math.min(Math.max(input.periodEndMs - input.nowMs, 0), Math.max(length, 0));
  const unusedFraction = length > 0 ? left / length : 0;
  const credit = Math.round(Math.max(input.paidAmount, 0) * unusedFraction);
  const charge = input.restartPeriod
    ? Math.max(input.newAmount, 0)
    : Math.round(Math.max(input.newAmount, 0) * unusedFraction);
  return { unusedFraction, credit, charge, total: charge - credit };
}

/**
 * A price after a percent-off coupon: the discount is rounded to the cent and taken off, as
 * Stripe computes an invoice's discount amount. The one formula the server stores and the web
 * shows, so the button's price is the price charged.
 */
export function discounted(amount: number, percentOff: number | null | undefined): number {
  if (!percentOff) return amount;
  const percent = Math.min(Math.max(percentOff, 0), 100);
  return Math.max(0, amount - Math.round((amount * percent) / 100));
}

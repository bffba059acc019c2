import { describe, expect, it } from 'vitest';
import { discounted, prorate } from './proration.ts';

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);
const end = start + 30 * DAY;

describe('prorate', () => {
  it('credits the unused half of a paid month and charges half of the new price', () => {
    const p = prorate({
      paidAmount: 2900,
      newAmount: 5900,
      periodStartMs: start,
      periodEndMs: end,
      nowMs: start + 15 * DAY,
      restartPeriod: false,
    });
    expect(p).toEqual({ unusedFraction: 0.5, credit: 1450, charge: 2950, total: 1500 });
  });

  it('gives money back on a downgrade (negative total)', () => {
    const p = prorate({
      paidAmount: 9900,
      newAmount: 2900,
      periodStartMs: start,
      periodEndMs: end,
      nowMs: start + 10 * DAY,
      restartPeriod: false,
    });
    expect(p.credit).toBe(6600);
    expect(p.charge).toBe(1933);
    expect(p.total).toBe(-4667);
  });

  it('charges the whole new price less the credit when the period restarts', () => {
    const p = prorate({
      paidAmount: 5900,
      newAmount: 59000,
      periodStartMs: start,
      periodEndMs: end,
      nowMs: start + 20 * DAY,
      restartPeriod: true,
    });
    expect(p.credit).toBe(1967);
    expect(p.charge).toBe(59000);
    expect(p.total).toBe(57033);
  });

  it('credits nothing for an unpaid period and clamps times outside the period', () => {
    expect(
      prorate({
        paidAmount: 0,
        newAmount: 5900,
        periodStartMs: start,
        periodEndMs: end,
        nowMs: start,
        restartPeriod: false,
      }).credit,
    ).toBe(0);
    expect(
      prorate({
        paidAmount: 5900,
        newAmount: 5900,
        periodStartMs: start,
        periodEndMs: end,
        nowMs: end + DAY,
        restartPeriod: false,
      }).total,
    ).toBe(0);
    expect(
      prorate({
        paidAmount: 5900,
        newAmount: 5900,
        periodStartMs: start,
        periodEndMs: end,
        nowMs: start - DAY,
        restartPeriod: false,
      }).unusedFraction,
    ).toBe(1);
    expect(
      prorate({
        paidAmount: 5900,
        newAmount: 100,
        periodStartMs: end,
        periodEndMs: end,
        nowMs: end,
        restartPeriod: false,
      }).total,
    ).toBe(0);
  });
});

describe('discounted', () => {
  it('takes percent_off and rounds to the cent', () => {
    expect(discounted(5900, 10)).toBe(5310);
    expect(discounted(9900, 25)).toBe(7425);
    expect(discounted(2900, null)).toBe(2900);
    expect(discounted(2900, 150)).toBe(0);
  });

  it('rounds the discount, not the price, as Stripe does (the web shows this same number)', () => {
    // 50 % of 999 is 499.5: the discount rounds to 500, leaving 499 (rounding the price gave 500).
    expect(discounted(999, 50)).toBe(499);
    expect(discounted(1999, 15)).toBe(1699);
  });
});

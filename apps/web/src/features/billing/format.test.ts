import { describe, expect, it } from 'vitest';
import { centsToAmount, formatExpiry, formatInvoiceDate, formatUsd } from './format.ts';

describe('money', () => {
  it('shows amount/100 with two decimals', () => {
    expect(centsToAmount(4999)).toBe('49.99');
    expect(centsToAmount(5000)).toBe('50.00');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(0)).toBe('0.00');
  });
  it('never shows a negative price', () => {
    expect(centsToAmount(-10)).toBe('0.00');
  });
  it('prefixes a dollar sign', () => {
    expect(formatUsd(123456)).toBe('$1234.56');
    expect(formatUsd(-250)).toBe('-$2.50');
  });
});

describe('dates and expiry', () => {
  it('reads invoice seconds, not milliseconds', () => {
    expect(formatInvoiceDate(1_700_000_000, 'en-US')).toBe('Nov 14, 2023');
  });
  it('pads the card expiry', () => {
    expect(formatExpiry(3, 2031)).toBe('03/31');
    expect(formatExpiry(12, 2030)).toBe('12/30');
  });
});

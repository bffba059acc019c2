import { describe, expect, it } from 'vitest';
import { billingText } from './billingText.ts';
import { formatCardNumber, formatExpiryInput, parseLocalCard } from './cardInput.ts';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('card input formatting', () => {
  it('groups the number in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42a')).toBe('4242 42');
  });
  it('writes the expiry as MM / YY', () => {
    expect(formatExpiryInput('1234')).toBe('12 / 34');
    expect(formatExpiryInput('4')).toBe('04');
    expect(formatExpiryInput('12/3')).toBe('12 / 3');
  });
});

describe('parseLocalCard', () => {
  it('parses a complete card', () => {
    expect(parseLocalCard({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }, NOW)).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
  });
  it('reports the first incomplete field', () => {
    expect(parseLocalCard({ number: '4242', expiry: '12/34', cvc: '123' }, NOW)).toEqual({
      error: billingText.cardInvalidNumber,
    });
    expect(parseLocalCard({ number: '4242424242424242', expiry: '13/34', cvc: '123' }, NOW)).toEqual({
      error: billingText.cardInvalidExpiry,
    });
    expect(parseLocalCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, NOW)).toEqual({
      error: billingText.cardExpiredInput,
    });
    expect(parseLocalCard({ number: '4242424242424242', expiry: '11/26', cvc: '12' }, NOW)).toEqual({
      error: billingText.cardInvalidCvc,
    });
  });
});

import { messages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { CallError } from '../../lib/api.ts';
import { cardErrorMessage, couponErrorMessage, subscriptionErrorMessage } from './billingErrors.ts';

const apiError = (status: number, code: string, detail?: string) =>
  new CallError({ kind: 'api', status, code }, detail);

describe('billing error messages (spec §8)', () => {
  it('shows the card provider message as is', () => {
    const declined = apiError(402, 'card_error', 'Your card was declined.');
    expect(cardErrorMessage(declined)).toBe('Your card was declined.');
    expect(subscriptionErrorMessage(declined)).toBe('Your card was declined.');
  });

  it('falls back to the spec wording', () => {
    expect(cardErrorMessage(apiError(400, 'bad_request', 'x'))).toBe(messages.paymentMethodFailed);
    expect(cardErrorMessage(new CallError({ kind: 'network' }))).toBe(messages.paymentMethodFailed);
    expect(subscriptionErrorMessage(apiError(500, 'internal'))).toBe(messages.subscriptionFailed);
  });

  it('reads an error beginning with No such coupon as an invalid coupon', () => {
    expect(couponErrorMessage(apiError(404, 'No such coupon: NOPE'))).toBe(messages.couponInvalid);
    expect(couponErrorMessage(apiError(404, 'not_found', 'No such coupon: NOPE'))).toBe(
      messages.couponInvalid,
    );
    expect(subscriptionErrorMessage(apiError(400, 'No such coupon: X'))).toBe(messages.couponInvalid);
    expect(couponErrorMessage(new CallError({ kind: 'network' }))).toBe(messages.discountInvalid);
  });
});

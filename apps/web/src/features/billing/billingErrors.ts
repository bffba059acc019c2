import { messages } from '@tapeline/core';
import { detailOf, failureOf } from '../../lib/api.ts';

const CARD_ERROR = 'card_error';
const NO_SUCH_COUPON = /^no such coupon/i;

function code(error: unknown): string {
  const failure = failureOf(error);
  return failure.kind === 'api' ? failure.code : '';
}

/** A card provider's own decline message ("Your card was declined."), shown as is. */
export function cardProviderMessage(error: unknown): string | null {
  const detail = detailOf(error);
  return code(error) === CARD_ERROR && detail ? detail : null;
}

function isNoSuchCoupon(error: unknown): boolean {
  return NO_SUCH_COUPON.test(code(error)) || NO_SUCH_COUPON.test(detailOf(error) ?? '');
}

/** GET /api/stripe/coupon/:code failed: unknown code, or anything else. */
export function couponErrorMessage(error: unknown): string {
  return isNoSuchCoupon(error) ? messages.couponInvalid : messages.discountInvalid;
}

/** Tokenizing a card or saving it as the customer's payment method failed. */
export function cardErrorMessage(error: unknown): string {
  return cardProviderMessage(error) ?? messages.paymentMethodFailed;
}

/** POST /api/stripe/subscription failed. */
export function subscriptionErrorMessage(error: unknown): string {
  if (isNoSuchCoupon(error)) return messages.couponInvalid;
  return cardProviderMessage(error) ?? messages.subscriptionFailed;
}

import { HttpError } from '../../platform/http/errors.ts';

/** A card problem: 402 with the provider's own words, which the client shows as is. */
export const cardError = (message: string) => new HttpError(402, 'card_error', message);

/** The prefix matters: the client maps 'No such coupon' to 'Invalid Coupon Code!'. */
export const noSuchCoupon = (code: string, status = 404) =>
  new HttpError(status, status === 404 ? 'not_found' : 'invalid_coupon', `No such coupon: ${code}`);

export const noSuchSubscription = (id: string) =>
  new HttpError(404, 'not_found', `No such subscription: ${id}`);

export const noSuchPlan = (id: string) => new HttpError(400, 'invalid_plan', `No such plan: ${id}`);

export const cardRequired = () => new HttpError(400, 'card_required', 'Add a card before subscribing');

/** The payment provider failed for a reason that is not the card's: the client says 'Subscription Failed…'. */
export const providerUnavailable = (message = 'The payment provider is not available') =>
  new HttpError(503, 'billing_unavailable', message);

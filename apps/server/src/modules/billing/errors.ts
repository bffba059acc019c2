import { serverMessages } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';

/** A card problem: 402 with the provider's own words, which the client shows as is. */
export const cardError = (message: string) => new HttpError(402, 'card_error', message);

/**
 * Spec §8's contract is on the error text: the client maps an `error` beginning 'No such coupon'
 * to 'Invalid Coupon Code!', so the text is the `error` itself, alone (404 lookup, 400 subscribe).
 */
export const noSuchCoupon = (code: string, status = 404) =>
  new HttpError(status, serverMessages.noSuchCoupon(code), undefined, true);

export const noSuchSubscription = (id: string) =>
  new HttpError(404, 'not_found', serverMessages.noSuchSubscription(id));

export const noSuchPlan = (id: string) => new HttpError(400, 'invalid_plan', serverMessages.noSuchPlan(id));

export const cardRequired = () => new HttpError(400, 'card_required', serverMessages.cardRequired);

/** Only a subscription still running until its period end can have its cancellation undone. */
export const notResumable = (id: string) =>
  new HttpError(400, 'not_resumable', serverMessages.notResumable(id));

/** The provider answered without what we must store (an id): nothing is saved, the call is refused. */
export const badProviderAnswer = () =>
  new HttpError(502, 'billing_unavailable', serverMessages.providerIncomplete);

/** The payment provider failed for a reason that is not the card's: the client says 'Subscription Failed…'. */
export const providerUnavailable = (message: string = serverMessages.providerUnavailable) =>
  new HttpError(503, 'billing_unavailable', message);

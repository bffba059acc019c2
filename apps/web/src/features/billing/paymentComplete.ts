import { useSyncExternalStore } from 'react';

/**
 * Whether the 'Payment complete' modal is up. It lives outside React state because subscribing
 * changes the session (the route gate adds the top bar, the profile tabs change), which
 * remounts the plan screen; the modal must survive that.
 */
export type PaymentOutcome = 'subscribed' | 'changed' | null;

let outcome: PaymentOutcome = null;
const listeners = new Set<() => void>();

function emit(next: PaymentOutcome): void {
  outcome = next;
  for (const listener of listeners) listener();
}

export const paymentComplete = {
  show: (kind: Exclude<PaymentOutcome, null>) => emit(kind),
  hide: () => emit(null),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePaymentOutcome(): PaymentOutcome {
  return useSyncExternalStore(
    subscribe,
    () => outcome,
    () => null,
  );
}

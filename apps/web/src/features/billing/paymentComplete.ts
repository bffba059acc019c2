import { useSyncExternalStore } from 'react';

/**
 * Whether the 'Payment complete' modal is up. It lives outside React state because subscribing
 * changes the session (the route gate adds the top bar, the profile tabs change), which
 * remounts the plan screen; the modal must survive that. 'subscribed' started a trial,
 * 'charged' paid at once (a returning trader), 'changed' switched the plan.
 */
export type PaymentOutcome = 'subscribed' | 'charged' | 'changed' | null;

let outcome: PaymentOutcome = null;
// 'Go to dashboard' was pressed: kept here too, because the press may come just before the
// session gains its subscription, which remounts the modal (a new top bar wraps the page).
let going = false;
const listeners = new Set<() => void>();

function emit(next: PaymentOutcome, nextGoing = going): void {
  outcome = next;
  going = nextGoing;
  for (const listener of listeners) listener();
}

export const paymentComplete = {
  show: (kind: Exclude<PaymentOutcome, null>) => emit(kind, false),
  hide: () => emit(null, false),
  go: () => emit(outcome, true),
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

export function usePaymentGoing(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => going,
    () => false,
  );
}

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * Whether the 'Payment complete' modal is up. It lives outside React state because subscribing
 * changes the session (the route gate adds the top bar, the profile tabs change), which
 * remounts the plan screen; the modal must survive that. 'subscribed' started a trial,
 * 'charged' paid at once (a returning trader), 'changed' switched the plan.
 */
export type PaymentOutcome = 'subscribed' | 'charged' | 'changed' | null;

interface PaymentCompleteState {
  outcome: PaymentOutcome;
  /**
   * 'Go to dashboard' was pressed: kept here too, because the press may come just before the
   * session gains its subscription, which remounts the modal (a new top bar wraps the page).
   */
  going: boolean;
}

const store = createStore<PaymentCompleteState>(() => ({ outcome: null, going: false }));

export const paymentComplete = {
  show: (kind: Exclude<PaymentOutcome, null>) => store.setState({ outcome: kind, going: false }),
  hide: () => store.setState({ outcome: null, going: false }),
  go: () => store.setState({ going: true }),
};

export function usePaymentOutcome(): PaymentOutcome {
  return useStore(store, (state) => state.outcome);
}

export function usePaymentGoing(): boolean {
  return useStore(store, (state) => state.going);
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { quotesApi, setQuotes, updateQuotes } from '../../lib/quotesApi.ts';
import { useToast } from '../../ui/toast.tsx';
import { withPin } from './quoteRules.ts';
import { QUOTE_TOASTS } from './quotesText.ts';

/** 'Failed to update quotes!' with its detail (spec §8), as one toast. */
export const updateFailed = (detail: string) => `${QUOTE_TOASTS.updateFailed} ${detail}`;

/** One quote's actions: remove, set a pin, reset it — each with its spec §8 toast on failure. */
export function useQuoteActions() {
  const client = useQueryClient();
  const toast = useToast();

  const remove = useCallback(
    async (symbol: string) => {
      try {
        const answer = await quotesApi.remove(symbol);
        setQuotes(client, answer.data);
      } catch {
        toast(QUOTE_TOASTS.removeFailed(symbol), { tone: 'error' });
      }
    },
    [client, toast],
  );

  /** Sets (a price) or resets (null) the pin; true when the server took it. */
  const pin = useCallback(
    async (symbol: string, price: number | null): Promise<boolean> => {
      try {
        const answer = await quotesApi.pin(symbol, price);
        updateQuotes(client, (list) => withPin(list, symbol, answer.data.pin));
        return true;
      } catch {
        toast(
          price === null ? QUOTE_TOASTS.pinResetFailed(symbol) : updateFailed(QUOTE_TOASTS.somethingWrong),
          { tone: 'error' },
        );
        return false;
      }
    },
    [client, toast],
  );

  return { remove, pin };
}

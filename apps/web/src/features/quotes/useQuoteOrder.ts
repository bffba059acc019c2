import { useQueryClient } from '@tanstack/react-query';
import { QUOTES_ORDER_SAVE_MS, type Quote } from '@tapeline/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { debounced } from '../../lib/debounce.ts';
import { QUOTES_KEY, quotesApi, reorderOnExit, updateQuotes } from '../../lib/quotesApi.ts';
import { useToast } from '../../ui/toast.tsx';
import { inOrder, moveSymbol } from './quoteRules.ts';
import { QUOTE_TOASTS } from './quotesText.ts';

/**
 * Drag-to-reorder: a drop shows at once (in the shared cache, so the stream's fav channel and
 * other readers agree), and the order is saved 2 s after the last drop (spec §4, §9). A refresh
 * landing meanwhile cannot undo the drop: the pending order is laid over it until saved. Leaving
 * (unmount, or the page going away) with an order unsaved sends it with a keepalive fetch.
 */
export function useQuoteOrder(list: Quote[] | undefined) {
  const client = useQueryClient();
  const toast = useToast();
  const [pending, setPending] = useState<string[] | null>(null);
  const latest = useRef<string[] | null>(null);
  const toastRef = useRef(toast);
  toastRef.current = toast;

  const save = useMemo(
    () =>
      debounced(() => {
        const order = latest.current;
        if (!order) return;
        const settle = () => {
          // A later drop has its own save coming: only the last one clears the overlay.
          if (latest.current !== order) return;
          latest.current = null;
          setPending(null);
        };
        quotesApi.reorder(order).then(settle, () => {
          toastRef.current(QUOTE_TOASTS.orderFailed, { tone: 'error' });
          settle();
          void client.invalidateQueries({ queryKey: QUOTES_KEY });
        });
      }, QUOTES_ORDER_SAVE_MS),
    [client],
  );

  useEffect(() => {
    const leave = () => {
      if (!save.pending || !latest.current) return;
      save.cancel();
      reorderOnExit(latest.current);
      latest.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [save]);

  const shown = useMemo(() => (pending && list ? inOrder(list, pending) : list), [list, pending]);

  const drop = useCallback(
    (symbol: string, over: string) => {
      if (!shown || symbol === over) return;
      const next = moveSymbol(
        shown.map((q) => q.symbol),
        symbol,
        over,
      );
      latest.current = next;
      setPending(next);
      updateQuotes(client, (current) => inOrder(current, next));
      save.schedule();
    },
    [client, shown, save],
  );

  return { quotes: shown, drop };
}

import { useQueryClient } from '@tanstack/react-query';
import { PROTOCOL_VERSION, QUOTE_EVENTS, quotesFrameSchema } from '@tapeline/core';
import { useEffect } from 'react';
import { updateQuotes } from '../../lib/quotesApi.ts';
import { listenSocket } from '../../lib/streamSource.ts';
import { applyTick } from './quoteRules.ts';

const JOIN = [QUOTE_EVENTS.subscribe, { v: PROTOCOL_VERSION }] as const;
const LEAVE = [QUOTE_EVENTS.unsubscribe, { v: PROTOCOL_VERSION }] as const;

/**
 * Live prices: the tab's socket joins the trader's quote rooms (again after every reconnect)
 * and each `quotes` frame is merged into the shared ['quotes'] cache, so the cards and every
 * other reader move together. A frame core's schema refuses is dropped.
 */
export function useLiveQuotes(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      listenSocket(
        QUOTE_EVENTS.update,
        (payload) => {
          const frame = quotesFrameSchema.safeParse(payload);
          if (frame.success) updateQuotes(client, (list) => applyTick(list, frame.data.q));
        },
        { join: JOIN, leave: LEAVE },
      ),
    [client],
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { QUOTE_EVENTS, quotesFrameSchema } from '@tapeline/core';
import { useEffect } from 'react';
import { applyTick, liveTicks } from '../../lib/liveTicks.ts';
import { updateQuotes } from '../../lib/quotesApi.ts';
import { listenSocket, type SocketRoom } from '../../lib/tabSocket.ts';

const ROOM: SocketRoom = { join: [QUOTE_EVENTS.subscribe, {}], leave: [QUOTE_EVENTS.unsubscribe, {}] };

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
          if (!frame.success) return;
          liveTicks.record(frame.data.q);
          updateQuotes(client, (list) => applyTick(list, frame.data.q));
        },
        ROOM,
      ),
    [client],
  );
}

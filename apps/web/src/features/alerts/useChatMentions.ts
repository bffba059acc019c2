import { CHAT_EVENTS, chatEventSchema } from '@tapeline/core';
import { useEffect, useRef } from 'react';
import { listenSocket } from '../../lib/tabSocket.ts';

/**
 * Mentions of this user, wherever the tab is (no Chat widget needed): the server sends `mention`
 * to the user's own room when their profile has chat notification on. `enabled` false (no
 * session yet) listens to nothing, so no socket is opened for it.
 */
export function useChatMentions(onMention: (text: string) => void, enabled = true): void {
  const latest = useRef(onMention);
  latest.current = onMention;
  useEffect(() => {
    if (!enabled) return;
    return listenSocket(CHAT_EVENTS.update, (payload) => {
      const parsed = chatEventSchema.safeParse(payload);
      if (parsed.success && parsed.data.type === 'mention') latest.current(parsed.data.message);
    });
  }, [enabled]);
}

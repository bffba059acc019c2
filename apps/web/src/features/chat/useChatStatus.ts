import { useQuery } from '@tanstack/react-query';
import { type ChatEvent, refusalMessage, type User } from '@tapeline/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { profileApi, profileKeys } from '../../lib/profileApi.ts';
import { useToast } from '../../ui/toast.tsx';
import { listenChatRefusals } from './chatApi.ts';
import { banUntilMs, secondsLeft, typingNow } from './chatRules.ts';
import { CHAT_MESSAGES } from './chatText.ts';

// What the widget knows about the trader's standing in the chat, fed by the profile and the
// channel's live events: the ban and its countdown, slow mode, read-only, who is typing, and
// the one message on its way to the server.

/** A send not confirmed by its own message coming back within the API timeout failed (spec §9: 5 s). */
export const SEND_TIMEOUT_MS = 5000;

interface Pending {
  channel: string;
  at: number;
}

export interface ChatStatus {
  now: number;
  chatEnabled: boolean;
  banSeconds: number;
  /** The reason the moderator gave for the ban: the live `ban` event's, else the profile's. */
  banReason: string | null;
  slowSeconds: number;
  typing: string[];
  sending: boolean;
  /** The composer's text went to the server. */
  sent(channel: string): void;
  onEvent(event: ChatEvent): void;
}

/** A clock that ticks each second while a countdown or typing notice shows, else each 30 s (relative times). */
function useTicker(fast: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), fast ? 1000 : 30_000);
    return () => clearInterval(tick);
  }, [fast]);
  return now;
}

export function useChatStatus(
  user: User,
  channel: string | null,
  slowModeSeconds: number,
  onSent: () => void,
): ChatStatus {
  const toast = useToast();
  const profile = useQuery({ queryKey: profileKeys.profile, queryFn: profileApi.get });
  useEffect(() => {
    if (profile.errorUpdatedAt > 0) toast(CHAT_MESSAGES.profileFailed, { tone: 'error' });
  }, [profile.errorUpdatedAt, toast]);

  // A ban event overrides what the profile said (it may lift a ban the profile still shows).
  const [banEvent, setBanEvent] = useState<{ ban_exp_at: number | null; reason: string } | null>(null);
  const banExpAt = banEvent ? banEvent.ban_exp_at : (profile.data?.ban_exp_at ?? user.profile.ban_exp_at);
  const [disabledByServer, setDisabledByServer] = useState(false);
  const [slowUntil, setSlowUntil] = useState<Map<string, number>>(() => new Map());
  const [typists, setTypists] = useState<Map<string, { name: string; at: number }>>(() => new Map());
  const [pending, setPending] = useState<Pending | null>(null);

  // Read at render: whether anything on screen counts seconds right now.
  const at = Date.now();
  const fast =
    pending !== null ||
    banUntilMs(banExpAt, at) !== null ||
    [...slowUntil.values()].some((until) => until > at) ||
    typingNow(typists, at).length > 0;
  const now = useTicker(fast);
  const banSeconds = secondsLeft(banUntilMs(banExpAt, now), now);
  const slowSeconds = channel ? secondsLeft(slowUntil.get(channel) ?? null, now) : 0;
  const typing = typingNow(typists, now);

  // Typing notices are the channel's: a new channel starts with nobody typing.
  useEffect(() => {
    if (channel !== null) setTypists(new Map());
  }, [channel]);

  // A send that never comes back (socket down, lost) gives the composer back with its text.
  useEffect(() => {
    if (!pending) return;
    const wait = setTimeout(() => {
      setPending(null);
      toast(refusalMessage('failed'), { tone: 'error' });
    }, SEND_TIMEOUT_MS);
    return () => clearTimeout(wait);
  }, [pending, toast]);

  const latest = useRef({ pending, onSent, slowModeSeconds });
  latest.current = { pending, onSent, slowModeSeconds };

  const startSlow = useCallback((id: string, until: number) => {
    setSlowUntil((map) => new Map(map).set(id, until));
  }, []);

  const onEvent = useCallback(
    (event: ChatEvent) => {
      const { pending: waiting } = latest.current;
      switch (event.type) {
        case 'message':
          if (waiting && event.message.user.id === user.id && event.message.channel_id === waiting.channel) {
            setPending(null);
            latest.current.onSent();
            const slow = latest.current.slowModeSeconds;
            if (slow > 0) startSlow(waiting.channel, event.message.created_at + slow * 1000);
          }
          setTypists((map) => {
            if (!map.has(event.message.user.id)) return map;
            const next = new Map(map);
            next.delete(event.message.user.id);
            return next;
          });
          return;
        case 'typing':
          if (event.channel_id === channel && event.user.id !== user.id) {
            setTypists((map) => new Map(map).set(event.user.id, { name: event.user.name, at: Date.now() }));
          }
          return;
        case 'ban':
          setBanEvent({ ban_exp_at: event.ban_exp_at, reason: event.reason });
          return;
        case 'mention':
          // The tab's AlertsRuntime toasts mentions, with or without a Chat widget open.
          return;
        default:
      }
    },
    [channel, user.id, startSlow],
  );

  // A refused call: one refusal, one toast (its ack's message), and what it means for the composer.
  useEffect(
    () =>
      listenChatRefusals((refusal) => {
        const { pending: waiting } = latest.current;
        toast(refusal.message, { tone: 'error' });
        if (refusal.event === 'chat_send') setPending(null);
        if (refusal.error === 'chat_disabled') setDisabledByServer(true);
        if (refusal.error === 'slow_mode' && refusal.retry_at !== undefined && waiting)
          startSlow(waiting.channel, refusal.retry_at);
      }),
    [toast, startSlow],
  );

  const sent = useCallback((id: string) => setPending({ channel: id, at: Date.now() }), []);

  return {
    now,
    chatEnabled: user.chat !== 0 && !disabledByServer,
    banSeconds,
    // A reload knows the ban only from the profile, which carries its reason too.
    banReason: banEvent ? banEvent.reason : (profile.data?.ban_reason ?? null),
    slowSeconds,
    typing,
    sending: pending !== null,
    sent,
    onEvent,
  };
}

import { type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_EVENTS,
  type ChatEvent,
  type ChatVoteValue,
  chatChannelsAnswerSchema,
  chatEventSchema,
  chatMessagesAnswerSchema,
  type SocketRefusal,
} from '@tapeline/core';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/authApi.ts';
import { listenSocket, type RequestBody, refusalOf, request, socketConnected } from '../../lib/tabSocket.ts';
import {
  applyVote,
  type ChatPagesData,
  hasMessage,
  olderCursor,
  prependMessage,
  removeMessage,
} from './chatPages.ts';
import { acceptsIncoming, type ChatFilter } from './chatRules.ts';

// The Chat widget's data (discovery spec §7): channels and message pages over REST (TanStack
// Query), the channel's live events on the tab's socket, and the calls the widget sends on it.

/** The query string of one page: u (username, no @) or s (symbol), and p_ts for older pages. */
export function messagesSearch(filter: ChatFilter | null, pTs: number | null): string {
  const params = new URLSearchParams();
  if (filter?.kind === 'user') params.set('u', filter.name);
  if (filter?.kind === 'symbol') params.set('s', filter.symbol);
  if (pTs !== null) params.set('p_ts', String(pTs));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

export const chatApi = {
  channels: () => api.request('GET', '/api/chat/channels', chatChannelsAnswerSchema),
  messages: (channel: string, filter: ChatFilter | null, pTs: number | null) =>
    api.request(
      'GET',
      `/api/chat/${encodeURIComponent(channel)}/messages${messagesSearch(filter, pTs)}`,
      chatMessagesAnswerSchema,
    ),
};

export const chatKeys = {
  channels: ['chat', 'channels'] as const,
  messages: (channel: string, filter: ChatFilter | null) =>
    [
      'chat',
      'messages',
      channel,
      filter?.kind ?? '',
      filter?.kind === 'user' ? filter.name : (filter?.symbol ?? ''),
    ] as const,
};

export function useChatChannels() {
  return useQuery({ queryKey: chatKeys.channels, queryFn: () => chatApi.channels(), staleTime: 5 * 60_000 });
}

/**
 * One channel's messages under a search, newest page first, older pages asked with p_ts until
 * reachedEnd. Nothing is kept once the list leaves the screen: selecting a channel again starts
 * at its newest page with the reached-end flag cleared (spec §4).
 */
export function useChatMessages(channel: string | null, filter: ChatFilter | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(channel ?? '', filter),
    enabled: channel !== null,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => chatApi.messages(channel ?? '', filter, pageParam),
    getNextPageParam: (_last, pages) => olderCursor(pages),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Applies one list event (message, vote, delete, slow mode) to the cached pages and channels. */
function applyToList(
  client: QueryClient,
  event: ChatEvent,
  view: { channel: string; filter: ChatFilter | null; meId: string },
): void {
  const key = chatKeys.messages(view.channel, view.filter);
  const change = (f: (data: ChatPagesData) => ChatPagesData) =>
    client.setQueryData<ChatPagesData>(key, (data) => (data ? f(data) : data));
  switch (event.type) {
    case 'message': {
      const data = client.getQueryData<ChatPagesData>(key);
      const shown = (id: number) => hasMessage(data, id);
      if (data && acceptsIncoming(event.message, { ...view, shown }))
        change((d) => prependMessage(d, event.message));
      return;
    }
    case 'vote':
      if (event.channel_id === view.channel) change((d) => applyVote(d, event, view.meId));
      return;
    case 'delete':
      if (event.channel_id === view.channel) change((d) => removeMessage(d, event.id));
      return;
    case 'slow_mode':
      client.setQueryData(
        chatKeys.channels,
        (answer: { channels: { id: string; slow_mode: number }[] } | undefined) =>
          answer
            ? {
                ...answer,
                channels: answer.channels.map((c) =>
                  c.id === event.channel_id ? { ...c, slow_mode: event.seconds } : c,
                ),
              }
            : answer,
      );
      return;
    default:
    // typing, ban, mention and error are the widget's, not the list's.
  }
}

/**
 * Joins the channel's room on the tab's socket while the list is on screen (chat_subscribe,
 * chat_unsubscribe when it leaves or the channel changes) and folds its live events into the
 * cached pages; then every event goes to `onEvent` (typing, ban, mention, the echo of one's own
 * message). Refused calls: `listenChatRefusals`.
 */
export function useLiveChat(
  channel: string | null,
  filter: ChatFilter | null,
  meId: string,
  onEvent: (event: ChatEvent) => void,
): void {
  const client = useQueryClient();
  // The search and the handler change without re-joining the room.
  const latest = useRef({ filter, onEvent });
  latest.current = { filter, onEvent };
  useEffect(() => {
    if (channel === null) return;
    return listenSocket(
      CHAT_EVENTS.update,
      (payload) => {
        const parsed = chatEventSchema.safeParse(payload);
        if (!parsed.success) return;
        const event = parsed.data;
        applyToList(client, event, { channel, filter: latest.current.filter, meId });
        latest.current.onEvent(event);
      },
      {
        join: [CHAT_EVENTS.subscribe, { channel }],
        leave: [CHAT_EVENTS.unsubscribe, { channel }],
      },
    );
  }, [client, channel, meId]);
}

/** The calls the widget makes on the tab's socket (its room's join and leave are `useLiveChat`'s). */
type ChatCall =
  | typeof CHAT_EVENTS.send
  | typeof CHAT_EVENTS.vote
  | typeof CHAT_EVENTS.typing
  | typeof CHAT_EVENTS.delete
  | typeof CHAT_EVENTS.ban
  | typeof CHAT_EVENTS.slowMode;

/** A refused chat call: which event, and the one refusal shape its ack carried. */
export type ChatRefusal = SocketRefusal & { event: ChatCall };
const refusalListeners = new Set<(refusal: ChatRefusal) => void>();

/** Hears every refused chat call of this tab (the widget's toast, slow mode, read-only). */
export function listenChatRefusals(listener: (refusal: ChatRefusal) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/**
 * Sends one chat call on the tab's socket; false when the socket is down (nothing goes, nothing
 * is queued). A refusal in its ack goes to the refusal listeners; a call the server did not
 * answer says nothing here (a send that never comes back is `useChatStatus`'s 5 s timeout).
 */
function emitChat<E extends ChatCall>(event: E, body: RequestBody<E>): boolean {
  if (!socketConnected()) return false;
  request(event, body).catch((error: unknown) => {
    const refusal = refusalOf(error);
    if (refusal) for (const listener of refusalListeners) listener({ ...refusal, event });
  });
  return true;
}

/**
 * The `clientId` of chat_send: one per draft. Sending the same draft again (its answer was lost,
 * the user pressed send once more) names the same post, which the server stores once; a new or
 * edited draft gets a new id.
 */
export function createDraftIds(make: () => string = () => crypto.randomUUID()) {
  let current: { key: string; id: string } | null = null;
  return {
    /** The id for this draft (channel, reply and text). */
    idFor(channel: string, replyMsg: number | null, msg: string): string {
      const key = JSON.stringify([channel, replyMsg, msg]);
      if (current?.key !== key) current = { key, id: make() };
      return current.id;
    },
    /** The user typed: whatever is sent next is a new post. */
    edited(): void {
      current = null;
    },
  };
}

/** The chat calls of spec §7 (and the moderators'), each checked by core's schema on the server. */
export const chatSocket = {
  send: (channel: string, msg: string, replyMsg: number | null, clientId: string) =>
    emitChat(CHAT_EVENTS.send, { channel, msg, replyMsg, clientId }),
  vote: (id: number, value: ChatVoteValue) => emitChat(CHAT_EVENTS.vote, { id, value }),
  typing: (channel: string) => emitChat(CHAT_EVENTS.typing, { channel }),
  remove: (id: number) => emitChat(CHAT_EVENTS.delete, { id }),
  ban: (userId: string, minutes: number, reason: string) =>
    emitChat(CHAT_EVENTS.ban, { user_id: userId, minutes, reason }),
  slowMode: (channel: string, seconds: number) => emitChat(CHAT_EVENTS.slowMode, { channel, seconds }),
};

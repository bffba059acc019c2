import type { ChatMessage, ChatUser, ChatVoteValue } from '@tapeline/core';
import { hasRole, refusalMessage } from '@tapeline/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useUser } from '../../app/session.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { ChannelTabs } from './ChannelTabs.tsx';
import { ChatSearch } from './ChatSearch.tsx';
import { Composer } from './Composer.tsx';
import { chatSocket, createDraftIds, useChatChannels, useChatMessages, useLiveChat } from './chatApi.ts';
import { messagesOf } from './chatPages.ts';
import { type ChatFilter, composerState, typingDue, typingText } from './chatRules.ts';
import { CHAT_MESSAGES, chatText } from './chatText.ts';
import { localTimeZone } from './chatTime.ts';
import { MessageList } from './MessageList.tsx';
import type { RowActions } from './MessageRow.tsx';
import { SlowModePicker } from './SlowModePicker.tsx';
import { useChatStatus } from './useChatStatus.ts';
import { useSavedChannel } from './useSavedChannel.ts';
import './chat.css';

/** Community chat (spec §2, §4, §5): channel tabs, search, the live list and the composer. */
export function ChatWidget({ id }: WidgetProps) {
  const user = useUser();
  const toast = useToast();
  const zone = useMemo(localTimeZone, []);
  const channels = useChatChannels();
  const list = channels.data?.channels ?? [];
  const [saved, saveChannel] = useSavedChannel();
  const [picked, setPicked] = useState<string | null>(null);
  // Chosen here, else the one left last time (saved with the settings); a selected channel
  // missing after loading gives way to the first (spec §4).
  const wanted = picked ?? saved ?? null;
  const channel = list.some((c) => c.id === wanted) ? wanted : (list[0]?.id ?? null);
  const current = list.find((c) => c.id === channel);
  const [filter, setFilter] = useState<ChatFilter | null>(null);
  const [reply, setReply] = useState<ChatMessage | null>(null);
  const [text, setText] = useState('');
  // chat_send's clientId: the same draft sent again is one post (chatApi.ts).
  const [drafts] = useState(createDraftIds);
  const messages = useChatMessages(channel, filter);

  const onSent = useCallback(() => {
    setText('');
    setReply(null);
  }, []);
  const status = useChatStatus(user, channel, current?.slow_mode ?? 0, onSent);
  useLiveChat(channel, filter, user.id, status.onEvent);

  useEffect(() => {
    if (channels.errorUpdatedAt > 0) toast(CHAT_MESSAGES.channelsFailed, { tone: 'error' });
  }, [channels.errorUpdatedAt, toast]);
  useEffect(() => {
    if (messages.errorUpdatedAt > 0) toast(CHAT_MESSAGES.messagesFailed, { tone: 'error' });
  }, [messages.errorUpdatedAt, toast]);

  const typingSent = useRef<number | null>(null);
  const onTyping = useCallback(() => {
    const now = Date.now();
    if (channel === null || !typingDue(typingSent.current, now)) return;
    typingSent.current = now;
    chatSocket.typing(channel);
  }, [channel]);

  const canAct = status.chatEnabled && status.banSeconds === 0;
  const canModerate = hasRole(user.role, 'mod');
  const actions: RowActions = useMemo(
    () => ({
      canAct,
      canModerate,
      onReply: setReply,
      onVote: (message: ChatMessage, value: ChatVoteValue) => chatSocket.vote(message.id, value),
      onDelete: (message: ChatMessage) => chatSocket.remove(message.id),
      onBan: (target: ChatUser, minutes: number, reason: string) =>
        chatSocket.ban(target.id, minutes, reason),
    }),
    [canAct, canModerate],
  );

  const select = (cid: string) => {
    setPicked(cid);
    saveChannel(cid);
    setReply(null);
  };
  const shown = useMemo(() => messagesOf(messages.data?.pages ?? []), [messages.data]);
  const state = composerState({
    chatEnabled: status.chatEnabled,
    banSeconds: status.banSeconds,
    banReason: status.banReason,
    searching: filter !== null,
    replying: reply !== null,
    slowSeconds: status.slowSeconds,
  });

  if (!channels.data) {
    return (
      <div className="widget-stack chat-widget chat-widget--state" data-testid={`chat-${id}`}>
        {channels.isError ? (
          <p className="muted">{CHAT_MESSAGES.channelsFailed}</p>
        ) : (
          <Spinner label={chatText.loadingChannels} />
        )}
      </div>
    );
  }
  return (
    <div className="widget-stack chat-widget" data-testid={`chat-${id}`} data-channel={channel ?? ''}>
      <div className="chat-head">
        <ChannelTabs channels={list} selected={channel} onSelect={select} />
        <ChatSearch filter={filter} onFilter={setFilter} />
        {canModerate && current && (
          <SlowModePicker
            channel={current}
            onChange={(seconds) => chatSocket.slowMode(current.id, seconds)}
          />
        )}
      </div>
      {channel === null ? (
        <p className="muted chat-widget__empty">{chatText.noChannels}</p>
      ) : !messages.data ? (
        <div className="chat-widget__loading">
          {messages.isError ? <p className="muted">{CHAT_MESSAGES.messagesFailed}</p> : <Spinner />}
        </div>
      ) : (
        <MessageList
          messages={shown}
          meId={user.id}
          myName={user.username}
          now={status.now}
          zone={zone}
          actions={actions}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          // Scroll events can ask again before the list re-renders as loading: the page on its way
          // is kept (TanStack's default cancels it and asks for the same p_ts a second time).
          onOlder={() => void messages.fetchNextPage({ cancelRefetch: false })}
          emptyText={filter ? chatText.emptySearch : chatText.empty}
        />
      )}
      <p className="chat-typing" aria-live="polite">
        {typingText(status.typing)}
      </p>
      {channel !== null && (
        <Composer
          text={text}
          onText={(value) => {
            drafts.edited();
            setText(value);
          }}
          state={state}
          reply={reply}
          sending={status.sending}
          onCancelReply={() => setReply(null)}
          onSend={(msg) => {
            // Not connected: say so now, the text stays (nothing is queued for a later replay).
            const replyMsg = reply?.id ?? null;
            if (chatSocket.send(channel, msg, replyMsg, drafts.idFor(channel, replyMsg, msg)))
              status.sent(channel);
            else toast(refusalMessage('failed'), { tone: 'error' });
          }}
          onTyping={onTyping}
        />
      )}
    </div>
  );
}

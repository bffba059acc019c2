import type { ChatMessage } from '@tapeline/core';
import { type MouseEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { rectOf, useOpenSymbolMenu } from '../symbols/index.ts';
import { keepAnchor, nearTop, type ScrollMetrics, shouldAutoScroll } from './chatScroll.ts';
import { chatText } from './chatText.ts';
import { groupByDate } from './chatTime.ts';
import { MessageRow, type RowActions } from './MessageRow.tsx';

const metricsOf = (el: HTMLElement): ScrollMetrics => ({
  scrollTop: el.scrollTop,
  scrollHeight: el.scrollHeight,
  clientHeight: el.clientHeight,
});

/**
 * The messages oldest first, under date headings ('Today', spec §4). Scrolling near the top asks
 * for older pages and keeps the reader on the same message when they arrive; a new message at
 * the bottom scrolls the list only for a reader within 120 px of it (or for one's own message);
 * a reader further up gets a "new messages" cue that takes them down.
 */
export function MessageList({
  messages,
  meId,
  myName,
  now,
  zone,
  actions,
  hasOlder,
  loadingOlder,
  onOlder,
  emptyText,
}: {
  messages: readonly ChatMessage[];
  meId: string;
  myName: string | null;
  now: number;
  zone: string;
  actions: RowActions;
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder(): void;
  emptyText: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Where the list stood before this render's messages: read at the last scroll or layout.
  const before = useRef<ScrollMetrics | null>(null);
  const edges = useRef<{ first: number | null; last: number | null }>({ first: null, last: null });
  const openMenu = useOpenSymbolMenu();
  const groups = useMemo(() => groupByDate(messages, (m) => m.created_at, now, zone), [messages, now, zone]);
  // New messages at the end the reader has not scrolled down to yet.
  const [unseen, setUnseen] = useState(0);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = messages[0]?.id ?? null;
    const lastMessage = messages.at(-1);
    const last = lastMessage?.id ?? null;
    const was = edges.current;
    const saved = before.current;
    if (was.last === null) el.scrollTop = el.scrollHeight;
    else if (saved && first !== was.first && last === was.last)
      el.scrollTop = keepAnchor(saved, el.scrollHeight);
    else if (last !== was.last && (!saved || shouldAutoScroll(saved) || lastMessage?.user.id === meId)) {
      el.scrollTop = el.scrollHeight;
      setUnseen(0);
    } else if (last !== was.last && was.last !== null) {
      const fresh = messages.length - 1 - messages.findIndex((m) => m.id === was.last);
      setUnseen((n) => n + Math.max(1, fresh));
    }
    edges.current = { first, last };
    before.current = metricsOf(el);
  }, [messages, meId]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    before.current = metricsOf(el);
    if (unseen > 0 && shouldAutoScroll(before.current)) setUnseen(0);
    if (hasOlder && !loadingOlder && nearTop(before.current)) onOlder();
  };
  const toLatest = () => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
    setUnseen(0);
  };

  // A $SYMBOL in a message opens the symbol's context menu, as a symbol anywhere in the app does.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const symbol = event.target instanceof Element ? event.target.closest('.symbol[data-symbol]') : null;
    const value = symbol?.getAttribute('data-symbol');
    if (!symbol || !value) return;
    openMenu(value, rectOf(symbol), symbol instanceof HTMLElement ? symbol : null);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the symbol is also searchable from the box.
    <div
      className="chat-list"
      ref={box}
      onScroll={onScroll}
      onClick={onClick}
      role="log"
      aria-label={chatText.list}
    >
      {hasOlder ? (
        <button type="button" className="chat-list__older" disabled={loadingOlder} onClick={onOlder}>
          {loadingOlder ? chatText.loadingOlder : chatText.loadOlder}
        </button>
      ) : (
        messages.length > 0 && <p className="chat-list__end muted">{chatText.reachedEnd}</p>
      )}
      {messages.length === 0 && <p className="chat-list__empty muted">{emptyText}</p>}
      {groups.map((group) => (
        <section key={group.key} className="chat-day" aria-label={group.label}>
          <h3 className="chat-day__label">{group.label}</h3>
          <ol className="chat-day__messages">
            {group.items.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                meId={meId}
                myName={myName}
                now={now}
                zone={zone}
                actions={actions}
              />
            ))}
          </ol>
        </section>
      ))}
      {unseen > 0 && (
        <button type="button" className="chat-list__new" onClick={toLatest}>
          {chatText.newMessages(unseen)}
        </button>
      )}
    </div>
  );
}

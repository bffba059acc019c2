import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChatMessage } from '@tapeline/core';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { chatMessage, ME, ME_ID } from './chatFixtures.ts';
import { chatText } from './chatText.ts';
import { MessageList } from './MessageList.tsx';
import type { RowActions } from './MessageRow.tsx';

const NOW = Date.UTC(2026, 0, 6, 15, 30);
const at = (id: number) => chatMessage(id, NOW - (100 - id) * 1000);
const actions: RowActions = {
  canAct: true,
  canModerate: false,
  onReply: () => {},
  onVote: () => {},
  onDelete: () => {},
  onBan: () => {},
};

/** jsdom lays nothing out: the list gets the metrics a browser would give it. */
function layOut(el: HTMLElement, scrollHeight: number, clientHeight = 500) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => clientHeight });
}

function renderList(ids: number[], onOlder = vi.fn(), hasOlder = false) {
  const props = {
    meId: ME_ID,
    myName: ME.name,
    now: NOW,
    zone: 'UTC',
    actions,
    hasOlder,
    loadingOlder: false,
    onOlder,
    emptyText: chatText.empty,
  };
  const list = (messages: ChatMessage[]) => <MessageList {...props} messages={messages} />;
  // The symbol menu's popularity count needs a query client; nothing here reaches it.
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = render(list(ids.map(at)), { wrapper });
  const log = screen.getByRole('log', { name: chatText.list });
  return {
    log,
    rerender: (next: number[], extra: ChatMessage[] = []) => view.rerender(list([...next.map(at), ...extra])),
  };
}

describe('MessageList scrolling', () => {
  it('a new message follows a reader within 120 px of the bottom', () => {
    const { log, rerender } = renderList([1, 2]);
    layOut(log, 2000);
    log.scrollTop = 1380; // 120 px above the end
    log.dispatchEvent(new Event('scroll'));
    layOut(log, 2100);
    rerender([1, 2, 3]);
    expect(log.scrollTop).toBe(2100);
  });

  it('a reader further up gets a "new messages" cue, which takes them down and goes', async () => {
    const { log, rerender } = renderList([1, 2]);
    layOut(log, 2000);
    log.scrollTop = 600;
    log.dispatchEvent(new Event('scroll'));
    expect(screen.queryByRole('button', { name: chatText.newMessages(1) })).toBeNull();
    layOut(log, 2100);
    rerender([1, 2, 3]);
    expect(screen.getByRole('button', { name: chatText.newMessages(1) })).toBeInTheDocument();
    layOut(log, 2300);
    rerender([1, 2, 3, 4, 5]);
    const cue = screen.getByRole('button', { name: chatText.newMessages(3) });
    expect(log.scrollTop).toBe(600);
    cue.click();
    await screen.findByRole('log', { name: chatText.list });
    expect(log.scrollTop).toBe(2300);
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull();
  });

  it('the cue goes when the reader scrolls down to the end themselves', async () => {
    const { log, rerender } = renderList([1, 2]);
    layOut(log, 2000);
    log.scrollTop = 600;
    log.dispatchEvent(new Event('scroll'));
    layOut(log, 2100);
    rerender([1, 2, 3]);
    expect(screen.getByRole('button', { name: chatText.newMessages(1) })).toBeInTheDocument();
    log.scrollTop = 1600;
    log.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /new message/ })).toBeNull());
  });

  it('a reader further up stays where they are', () => {
    const { log, rerender } = renderList([1, 2]);
    layOut(log, 2000);
    log.scrollTop = 1379;
    log.dispatchEvent(new Event('scroll'));
    layOut(log, 2100);
    rerender([1, 2, 3]);
    expect(log.scrollTop).toBe(1379);
  });

  it('one’s own new message always scrolls to it', () => {
    const { log, rerender } = renderList([1, 2]);
    layOut(log, 2000);
    log.scrollTop = 0;
    log.dispatchEvent(new Event('scroll'));
    layOut(log, 2100);
    rerender([1, 2], [chatMessage(3, NOW, { user: ME })]);
    expect(log.scrollTop).toBe(2100);
  });

  it('near the top asks for older messages, and keeps the reader on the same message when they come', () => {
    const onOlder = vi.fn();
    const { log, rerender } = renderList([5, 6], onOlder, true);
    layOut(log, 1000);
    log.scrollTop = 40;
    log.dispatchEvent(new Event('scroll'));
    expect(onOlder).toHaveBeenCalledTimes(1);
    layOut(log, 1600);
    rerender([3, 4, 5, 6]);
    expect(log.scrollTop).toBe(640);
  });
});

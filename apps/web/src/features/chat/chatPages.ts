import type { ChatEventOf, ChatMessage, ChatMessagesAnswer } from '@tapeline/core';

// The loaded pages of one channel's list (TanStack's infinite query data): each page newest
// first as the server sends it, page 0 the newest. Live events change them in place. Pure.

export interface ChatPagesData {
  pages: ChatMessagesAnswer[];
  pageParams: unknown[];
}

/** The messages to show, oldest first, each once (a page boundary may repeat a message). */
export function messagesOf(pages: readonly ChatMessagesAnswer[]): ChatMessage[] {
  const seen = new Set<number>();
  const out: ChatMessage[] = [];
  for (let p = pages.length - 1; p >= 0; p -= 1) {
    const list = pages[p]?.messages ?? [];
    for (let i = list.length - 1; i >= 0; i -= 1) {
      const message = list[i] as ChatMessage;
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/** The p_ts of the next older page: the oldest time loaded, or none once the end is reached. */
export function olderCursor(pages: readonly ChatMessagesAnswer[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.reachedEnd) return undefined;
  const oldest = last.messages.at(-1);
  return oldest ? oldest.created_at : undefined;
}

export function hasMessage(data: ChatPagesData | undefined, id: number): boolean {
  return data?.pages.some((page) => page.messages.some((m) => m.id === id)) ?? false;
}

/** A live message on top of the newest page. */
export function prependMessage(data: ChatPagesData, message: ChatMessage): ChatPagesData {
  const [first, ...rest] = data.pages;
  if (!first) return { ...data, pages: [{ messages: [message], reachedEnd: true }] };
  return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
}

function mapMessages(data: ChatPagesData, change: (m: ChatMessage) => ChatMessage | null): ChatPagesData {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const messages: ChatMessage[] = [];
    for (const message of page.messages) {
      const next = change(message);
      if (next !== message) pageChanged = true;
      if (next) messages.push(next);
    }
    if (!pageChanged) return page;
    changed = true;
    return { ...page, messages };
  });
  return changed ? { ...data, pages } : data;
}

/** A message's new sum; the voter's own arrow follows their vote, others' stay. */
export function applyVote(data: ChatPagesData, event: ChatEventOf<'vote'>, meId: string): ChatPagesData {
  return mapMessages(data, (m) =>
    m.id !== event.id
      ? m
      : { ...m, vote: event.vote, me_vote: event.user_id === meId ? event.value : m.me_vote },
  );
}

/** A deleted message leaves the list, and replies quoting it lose the quote (as the server's do). */
export function removeMessage(data: ChatPagesData, id: number): ChatPagesData {
  return mapMessages(data, (m) => {
    if (m.id === id) return null;
    return m.reply?.id === id ? { ...m, reply: null } : m;
  });
}

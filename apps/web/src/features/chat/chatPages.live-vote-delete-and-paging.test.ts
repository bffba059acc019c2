import { PROTOCOL_VERSION } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  applyVote,
  type ChatPagesData,
  hasMessage,
  messagesOf,
  olderCursor,
  prependMessage,
  removeMessage,
} from './chatPages.ts';
import { chatMessage, ME_ID, OTHER_ID } from './testing/chatFixtures.ts';

const T = Date.UTC(2026, 0, 6, 15);
const data = (...pages: { ids: number[]; reachedEnd: boolean }[]): ChatPagesData => ({
  pages: pages.map(({ ids, reachedEnd }) => ({
    messages: ids.map((id) => chatMessage(id, T + id * 1000)),
    reachedEnd,
  })),
  pageParams: pages.map(() => null),
});

describe('chat pages', () => {
  it('shows pages oldest first, each message once', () => {
    const loaded = data({ ids: [5, 4, 3], reachedEnd: false }, { ids: [3, 2, 1], reachedEnd: true });
    expect(messagesOf(loaded.pages).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('asks older pages from the oldest time loaded until the end is reached', () => {
    expect(olderCursor(data({ ids: [5, 4], reachedEnd: false }).pages)).toBe(T + 4000);
    expect(olderCursor(data({ ids: [5, 4], reachedEnd: true }).pages)).toBeUndefined();
    expect(olderCursor(data({ ids: [], reachedEnd: false }).pages)).toBeUndefined();
  });

  it('a live message goes on top of the newest page', () => {
    const next = prependMessage(data({ ids: [2, 1], reachedEnd: true }), chatMessage(3, T + 3000));
    expect(messagesOf(next.pages).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(hasMessage(next, 3)).toBe(true);
    expect(hasMessage(next, 9)).toBe(false);
  });

  it('a vote changes the sum for all and the arrow only for the voter', () => {
    const vote = (user_id: string) =>
      ({
        v: PROTOCOL_VERSION,
        type: 'vote',
        channel_id: 'general',
        id: 2,
        vote: 3,
        user_id,
        value: 1,
      }) as const;
    const mine = applyVote(data({ ids: [2, 1], reachedEnd: true }), vote(ME_ID), ME_ID);
    expect(mine.pages[0]?.messages[0]).toMatchObject({ id: 2, vote: 3, me_vote: 1 });
    const theirs = applyVote(data({ ids: [2, 1], reachedEnd: true }), vote(OTHER_ID), ME_ID);
    expect(theirs.pages[0]?.messages[0]).toMatchObject({ id: 2, vote: 3, me_vote: 0 });
  });

  it('a deleted message leaves, and replies to it lose their quote', () => {
    const loaded = data({ ids: [2, 1], reachedEnd: true });
    const first = loaded.pages[0];
    if (!first) throw new Error('no page');
    const original = chatMessage(1, T);
    first.messages[0] = chatMessage(2, T + 2000, {
      reply: { id: 1, content: original.content, created_at: T, user: original.user },
    });
    const next = removeMessage(loaded, 1);
    expect(messagesOf(next.pages).map((m) => [m.id, m.reply])).toEqual([[2, null]]);
  });

  it('an event about a message not loaded changes nothing', () => {
    const loaded = data({ ids: [2, 1], reachedEnd: true });
    expect(removeMessage(loaded, 9)).toBe(loaded);
  });
});

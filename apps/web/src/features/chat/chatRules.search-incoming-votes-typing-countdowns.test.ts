import { describe, expect, it } from 'vitest';
import { chatMessage, ME } from './chatFixtures.ts';
import {
  acceptsIncoming,
  banUntilMs,
  composerState,
  countdownClock,
  enterSends,
  filterOfDraft,
  filterText,
  type matchesFilter,
  nextVote,
  searchDebounceMs,
  searchDraft,
  secondsLeft,
  typingDue,
  typingNow,
  typingText,
} from './chatRules.ts';

const NOW = Date.UTC(2026, 0, 6, 15, 30);

describe('chat search box', () => {
  it('a leading @ searches users once 3 characters follow it', () => {
    expect(searchDraft('@jo')).toEqual({ kind: 'user-short' });
    expect(searchDraft('@ joe ')).toEqual({ kind: 'user', query: 'joe' });
    expect(searchDraft('@')).toEqual({ kind: 'user-short' });
  });

  it('anything else is a symbol, upper-cased; blank is no search', () => {
    expect(searchDraft(' aapl')).toEqual({ kind: 'symbol', query: 'AAPL' });
    expect(searchDraft('   ')).toEqual({ kind: 'none' });
  });

  it('Enter filters by the best user match, else by what was typed', () => {
    expect(filterOfDraft({ kind: 'user', query: 'joe' }, 'Joe')).toEqual({ kind: 'user', name: 'Joe' });
    expect(filterOfDraft({ kind: 'user', query: 'joe' }, undefined)).toEqual({ kind: 'user', name: 'joe' });
  });

  it('a symbol filter needs a symbol; a short user search filters nothing', () => {
    expect(filterOfDraft({ kind: 'symbol', query: 'TSLA' }, undefined)).toEqual({
      kind: 'symbol',
      symbol: 'TSLA',
    });
    expect(filterOfDraft({ kind: 'symbol', query: 'NOT A SYMBOL' }, undefined)).toBeNull();
    expect(filterOfDraft({ kind: 'user-short' }, undefined)).toBeNull();
  });

  it('the active filter reads back as typed', () => {
    expect(filterText({ kind: 'user', name: 'annie' })).toBe('@annie');
    expect(filterText({ kind: 'symbol', symbol: 'TSLA' })).toBe('TSLA');
  });

  it('debounces 800 ms on Android only', () => {
    expect(searchDebounceMs('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(800);
    expect(searchDebounceMs('Mozilla/5.0 (X11; Linux x86_64)')).toBe(0);
  });
});

describe('incoming messages', () => {
  const view = (filter: Parameters<typeof matchesFilter>[1], shownIds: number[] = []) => ({
    channel: 'general',
    filter,
    shown: (id: number) => shownIds.includes(id),
  });

  it('a new message of the channel on screen joins the list', () => {
    expect(acceptsIncoming(chatMessage(7, NOW), view(null))).toBe(true);
  });

  it('another channel’s message is ignored', () => {
    expect(acceptsIncoming(chatMessage(7, NOW, { channel_id: 'options' }), view(null))).toBe(false);
  });

  it('a message already shown is ignored', () => {
    expect(acceptsIncoming(chatMessage(7, NOW), view(null, [7]))).toBe(false);
  });

  it('with a user search only that user’s messages (any case) join', () => {
    expect(acceptsIncoming(chatMessage(7, NOW), view({ kind: 'user', name: 'ANNIE' }))).toBe(true);
    expect(acceptsIncoming(chatMessage(7, NOW, { user: ME }), view({ kind: 'user', name: 'annie' }))).toBe(
      false,
    );
  });

  it('with a symbol search only messages naming the symbol join', () => {
    const naming = chatMessage(7, NOW, {
      content: 'long <span class="symbol" data-symbol="TSLA">$TSLA</span>',
    });
    expect(acceptsIncoming(naming, view({ kind: 'symbol', symbol: 'TSLA' }))).toBe(true);
    expect(acceptsIncoming(naming, view({ kind: 'symbol', symbol: 'TSL' }))).toBe(false);
    expect(
      acceptsIncoming(chatMessage(8, NOW, { content: 'TSLA' }), view({ kind: 'symbol', symbol: 'TSLA' })),
    ).toBe(false);
  });
});

describe('votes and typing', () => {
  it('a vote toggles between none, up and down', () => {
    expect(nextVote(0, 1)).toBe(1);
    expect(nextVote(1, 1)).toBe(0);
    expect(nextVote(1, -1)).toBe(-1);
    expect(nextVote(-1, -1)).toBe(0);
  });

  it('a typing notice goes out at most once a second', () => {
    expect(typingDue(null, NOW)).toBe(true);
    expect(typingDue(NOW - 999, NOW)).toBe(false);
    expect(typingDue(NOW - 1000, NOW)).toBe(true);
  });

  it('shows who typed within the last 3 seconds', () => {
    const seen = new Map([
      ['a', { name: 'annie', at: NOW - 2999 }],
      ['b', { name: 'bob', at: NOW - 3000 }],
    ]);
    expect(typingNow(seen, NOW)).toEqual(['annie']);
    expect(typingText([])).toBe('');
    expect(typingText(['annie'])).toBe('annie is typing…');
    expect(typingText(['annie', 'bob'])).toBe('annie and bob are typing…');
    expect(typingText(['annie', 'bob', 'cy'])).toBe('Several people are typing…');
  });
});

describe('countdowns and the composer', () => {
  it('counts whole seconds up, never below zero', () => {
    expect(secondsLeft(NOW + 4001, NOW)).toBe(5);
    expect(secondsLeft(NOW + 1, NOW)).toBe(1);
    expect(secondsLeft(NOW - 5, NOW)).toBe(0);
    expect(secondsLeft(null, NOW)).toBe(0);
  });

  it('reads as a clock', () => {
    expect(countdownClock(9)).toBe('0:09');
    expect(countdownClock(299)).toBe('4:59');
    expect(countdownClock(3600)).toBe('1:00:00');
    expect(countdownClock(2 * 86_400 + 3 * 3600)).toBe('2d 03:00:00');
  });

  it('ban_exp_at is in seconds; a past ban is none', () => {
    expect(banUntilMs(NOW / 1000 + 60, NOW)).toBe(NOW + 60_000);
    expect(banUntilMs(NOW / 1000 - 1, NOW)).toBeNull();
    expect(banUntilMs(null, NOW)).toBeNull();
  });

  const open = { chatEnabled: true, banSeconds: 0, searching: false, replying: false, slowSeconds: 0 };

  it('disabled chat is read-only before anything else', () => {
    expect(composerState({ ...open, chatEnabled: false, banSeconds: 30 })).toEqual({ kind: 'read-only' });
  });

  it('banned shows the countdown, even while replying', () => {
    expect(composerState({ ...open, banSeconds: 30, replying: true })).toEqual({
      kind: 'banned',
      seconds: 30,
      reason: null,
    });
    expect(composerState({ ...open, banSeconds: 30, banReason: ' spam ' })).toMatchObject({ reason: 'spam' });
  });

  it('a search without a reply disables the composer; a reply reopens it', () => {
    expect(composerState({ ...open, searching: true })).toEqual({ kind: 'searching' });
    expect(composerState({ ...open, searching: true, replying: true })).toEqual({ kind: 'open' });
  });

  it('slow mode holds the next send', () => {
    expect(composerState({ ...open, slowSeconds: 12 })).toEqual({ kind: 'slow', seconds: 12 });
  });

  it('Enter sends; with Ctrl, Shift or Alt it is a newline; composing text never sends', () => {
    const key = { key: 'Enter', ctrlKey: false, shiftKey: false, altKey: false };
    expect(enterSends(key)).toBe(true);
    expect(enterSends({ ...key, ctrlKey: true })).toBe(false);
    expect(enterSends({ ...key, shiftKey: true })).toBe(false);
    expect(enterSends({ ...key, altKey: true })).toBe(false);
    expect(enterSends({ ...key, isComposing: true })).toBe(false);
    expect(enterSends({ ...key, key: 'a' })).toBe(false);
  });
});

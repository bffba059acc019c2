import { describe, expect, it } from 'vitest';
import {
  banActive,
  banEnd,
  banSecondsLeft,
  chatRepeatKey,
  modAdminBadge,
  serviceOneYear,
  slowModeRetryAt,
  toggledVote,
} from './chatRules.ts';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

describe('a mod bans a trader for 10 minutes', () => {
  it('ends 600 s later, counts down, and is over on time', () => {
    const end = banEnd(10, NOW);
    expect(end).toBe(NOW + 600_000);
    expect(banActive(end, NOW)).toBe(true);
    expect(banSecondsLeft(end, NOW + 1500)).toBe(599);
    expect(banActive(end, NOW + 600_000)).toBe(false);
    expect(banSecondsLeft(end, NOW + 700_000)).toBe(0);
  });

  it('0 minutes lifts it; no ban is never active', () => {
    expect(banEnd(0, NOW)).toBeNull();
    expect(banActive(null, NOW)).toBe(false);
  });
});

describe('slow mode of 5 s', () => {
  it('waits 5 s after the last post, off when 0 or never posted', () => {
    expect(slowModeRetryAt(NOW, 5, NOW + 1000)).toBe(NOW + 5000);
    expect(slowModeRetryAt(NOW, 5, NOW + 5000)).toBeNull();
    expect(slowModeRetryAt(NOW, 0, NOW)).toBeNull();
    expect(slowModeRetryAt(null, 5, NOW)).toBeNull();
  });
});

describe('badges', () => {
  it('service1yr after 365 days subscribed', () => {
    const day = 86_400_000;
    expect(serviceOneYear(NOW - 365 * day, NOW)).toBe(true);
    expect(serviceOneYear(NOW - 364 * day, NOW)).toBe(false);
    expect(serviceOneYear(null, NOW)).toBe(false);
  });

  it('modadmin for mod and admin, not trader', () => {
    expect([modAdminBadge('trader'), modAdminBadge('mod'), modAdminBadge('admin')]).toEqual([
      false,
      true,
      true,
    ]);
  });
});

describe('a vote toggles between none, up and down', () => {
  it('up, up again takes it back, down replaces up', () => {
    expect(toggledVote(0, 1)).toBe(1);
    expect(toggledVote(1, 1)).toBe(0);
    expect(toggledVote(1, -1)).toBe(-1);
    expect(toggledVote(-1, -1)).toBe(0);
  });
});

describe('the repeat check compares what a reader sees', () => {
  it('treats zero-width, format and compatibility variants of a message as the same', () => {
    const key = chatRepeatKey('buy AAPL now');
    for (const variant of [
      'buy\u200B AAPL now',
      'buy AAPL now\u200D',
      'ｂｕｙ AAPL now',
      'Buy  AAPL\tnow',
      '\u2066buy AAPL now\u2069',
      'buy AAPL now\uFE0F',
    ]) {
      expect(chatRepeatKey(variant), JSON.stringify(variant)).toBe(key);
    }
    expect(chatRepeatKey('buy AAPL later')).not.toBe(key);
  });
});

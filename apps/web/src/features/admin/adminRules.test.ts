import { describe, expect, it } from 'vitest';
import {
  activeLabel,
  chatIsActive,
  compareUsers,
  matchesSearch,
  nextSort,
  roleLabel,
  visibleUsers,
} from './adminRules.ts';

function user(id: string, username: string | null, extra: Partial<{ vibe: number; status: string }> = {}) {
  return {
    id,
    username,
    email: `${id}@example.com`,
    role: 'trader' as const,
    vibe: extra.vibe ?? 0,
    cur_posts: 0,
    tot_posts: 0,
    subscription: extra.status ? { status: extra.status } : null,
  };
}

describe('activeLabel', () => {
  it('reads Yes for active and past_due only', () => {
    expect(activeLabel({ status: 'active' })).toBe('Yes');
    expect(activeLabel({ status: 'past_due' })).toBe('Yes');
    expect(activeLabel({ status: 'trialing' })).toBe('-');
    expect(activeLabel({ status: 'canceled' })).toBe('-');
    expect(activeLabel(null)).toBe('-');
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending and toggles the same column', () => {
    const first = nextSort(null, 'vibe');
    expect(first).toEqual({ column: 'vibe', direction: 'asc' });
    const second = nextSort(first, 'vibe');
    expect(second).toEqual({ column: 'vibe', direction: 'desc' });
    expect(nextSort(second, 'vibe')).toEqual({ column: 'vibe', direction: 'asc' });
    expect(nextSort(second, 'email')).toEqual({ column: 'email', direction: 'asc' });
  });
});

describe('compareUsers', () => {
  const users = [user('c', 'carol'), user('x', null), user('a', 'Alice'), user('y', ''), user('b', 'bob')];
  const names = (list: typeof users) => list.map((u) => u.username);

  it('puts users without a username last in both directions', () => {
    expect(names([...users].sort(compareUsers({ column: 'username', direction: 'asc' })))).toEqual([
      'Alice',
      'bob',
      'carol',
      null,
      '',
    ]);
    const desc = names([...users].sort(compareUsers({ column: 'username', direction: 'desc' })));
    expect(desc.slice(0, 3)).toEqual(['carol', 'bob', 'Alice']);
    expect(desc.slice(3)).toEqual(expect.arrayContaining([null, '']));
  });

  it('sorts numbers numerically', () => {
    const list = [user('a', 'a', { vibe: 10 }), user('b', 'b', { vibe: 2 }), user('c', 'c', { vibe: 33 })];
    expect(list.sort(compareUsers({ column: 'vibe', direction: 'asc' })).map((u) => u.vibe)).toEqual([
      2, 10, 33,
    ]);
    expect(list.sort(compareUsers({ column: 'vibe', direction: 'desc' })).map((u) => u.vibe)).toEqual([
      33, 10, 2,
    ]);
  });

  it('sorts by the active label', () => {
    const list = [
      user('a', 'a', { status: 'active' }),
      user('b', 'b'),
      user('c', 'c', { status: 'past_due' }),
    ];
    expect(list.sort(compareUsers({ column: 'active', direction: 'asc' })).map((u) => u.id)).toEqual([
      'b',
      'a',
      'c',
    ]);
  });
});

describe('search', () => {
  it('matches username or email, case-insensitively', () => {
    expect(matchesSearch({ username: 'TapeReader', email: 'x@example.com' }, 'tape')).toBe(true);
    expect(matchesSearch({ username: null, email: 'Trader@Example.com' }, 'trader@')).toBe(true);
    expect(matchesSearch({ username: 'a', email: 'b@example.com' }, 'zzz')).toBe(false);
    expect(matchesSearch({ username: 'a', email: 'b@example.com' }, '  ')).toBe(true);
  });

  it('filters, then sorts, without touching the input', () => {
    const list = [user('b', 'bob'), user('a', 'alice'), user('z', 'zed')];
    const shown = visibleUsers(list, 'example', { column: 'username', direction: 'asc' });
    expect(shown.map((u) => u.id)).toEqual(['a', 'b', 'z']);
    expect(list.map((u) => u.id)).toEqual(['b', 'a', 'z']);
    expect(visibleUsers(list, 'nobody', null)).toEqual([]);
  });

  it('labels roles', () => {
    expect(roleLabel('trader')).toBe('Trader');
    expect(roleLabel('mod')).toBe('Moderator');
    expect(roleLabel('admin')).toBe('Admin');
  });

  it('reads chat 0 as inactive and any flag as active', () => {
    expect(chatIsActive(0)).toBe(false);
    expect(chatIsActive(1)).toBe(true);
  });
});

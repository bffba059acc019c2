import { NEWS_RECENTS_MAX } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  ALL_NEWS,
  acceptsPushed,
  articlesOf,
  isRecent,
  mergeArticles,
  nextCursor,
  parseRecents,
  prependPushed,
  pushRecent,
  queryOf,
  removeRecent,
  safeHref,
} from './newsRules.ts';
import { article } from './testing/newsFixtures.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 0);
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const page = (total: number, ...articles: ReturnType<typeof article>[]) => ({
  success: true as const,
  total,
  articles,
});

describe('the query of each filter', () => {
  it('all asks every article; a symbol asks its own; hide_rf adds ig_rf to each', () => {
    expect(queryOf(ALL_NEWS, ['MSFT'], false)).toEqual({ symbols: [], ig_rf: false });
    expect(queryOf({ kind: 'symbol', symbol: 'ABC' }, [], true)).toEqual({ symbols: ['ABC'], ig_rf: true });
  });

  it('fav asks the favourites, sorted so a reorder does not refetch; none → nothing to ask', () => {
    expect(queryOf({ kind: 'fav' }, ['MSFT', 'AAPL', 'MSFT'], true)).toEqual({
      symbols: ['AAPL', 'MSFT'],
      ig_rf: true,
    });
    expect(queryOf({ kind: 'fav' }, [], false)).toBeNull();
  });
});

describe('recent symbols', () => {
  it('newest first, once each, at most 10', () => {
    let recents: string[] = [];
    for (const s of ['A', 'B', 'C', 'B']) recents = pushRecent(recents, s);
    expect(recents).toEqual(['B', 'C', 'A']);
    for (let i = 0; i < 12; i++) recents = pushRecent(recents, `S${i}`);
    expect(recents).toHaveLength(NEWS_RECENTS_MAX);
    expect(recents[0]).toBe('S11');
  });

  it('removing the symbol shown resets the filter to all; removing another keeps it', () => {
    const shown = { kind: 'symbol' as const, symbol: 'ABC' };
    expect(removeRecent(['ABC', 'XYZ'], 'ABC', shown)).toEqual({ recents: ['XYZ'], filter: ALL_NEWS });
    expect(removeRecent(['ABC', 'XYZ'], 'XYZ', shown)).toEqual({ recents: ['ABC'], filter: shown });
    expect(removeRecent(['ABC'], 'ABC', { kind: 'fav' }).filter).toEqual({ kind: 'fav' });
  });

  it('stored recents that are not well-formed symbols are dropped', () => {
    expect(parseRecents(['ABC', 'abc', 42, '<b>', 'ABC', 'XYZ'])).toEqual(['ABC', 'XYZ']);
    expect(parseRecents({ ABC: 1 })).toEqual([]);
  });
});

describe('pushed articles', () => {
  it('pass when the query would have answered them: symbols overlap, no filing under ig_rf', () => {
    const story = article(1, at(0), { symbols: ['ABC', 'XYZ'] });
    const filing = article(2, at(0), { symbols: ['ABC'], kind: 'filing' });
    expect(acceptsPushed(story, { symbols: [], ig_rf: false })).toBe(true);
    expect(acceptsPushed(story, { symbols: ['XYZ'], ig_rf: true })).toBe(true);
    expect(acceptsPushed(story, { symbols: ['MSFT'], ig_rf: false })).toBe(false);
    expect(acceptsPushed(filing, { symbols: ['ABC'], ig_rf: false })).toBe(true);
    expect(acceptsPushed(filing, { symbols: [], ig_rf: true })).toBe(false);
  });

  it('join the first page in keyset order and raise the total; an article already listed is not counted twice', () => {
    const pages = [page(2, article(10, at(5)), article(9, at(10)))];
    const next = prependPushed(pages, [article(11, at(1)), article(10, at(5))]);
    expect(next[0]?.articles.map((a) => a.id)).toEqual([11, 10, 9]);
    expect(next[0]?.total).toBe(3);
  });

  it('while older pages remain, one older than the last loaded waits for Load more (the cursor stays)', () => {
    const pages = [page(50, article(10, at(5)), article(9, at(10)))];
    const next = prependPushed(pages, [article(12, at(1)), article(11, at(60))]);
    expect(next[0]?.articles.map((a) => a.id)).toEqual([12, 10, 9]);
    expect(nextCursor(next)).toEqual({ last_id: 9, publishedAt: at(10) });
  });
});

describe('paging', () => {
  it('the next page starts at the last article loaded, while loaded < total', () => {
    const first = page(3, article(10, at(5)), article(9, at(10)));
    expect(nextCursor([first])).toEqual({ last_id: 9, publishedAt: at(10) });
    const second = page(3, article(4, at(30)));
    expect(nextCursor([first, second])).toBeUndefined();
    expect(nextCursor([first, page(9)])).toBeUndefined();
  });

  it('merging orders by published time then id, each id once', () => {
    const same = at(5);
    const merged = mergeArticles(
      [article(3, same), article(1, at(60))],
      [article(7, same), article(3, same)],
    );
    expect(merged.map((a) => a.id)).toEqual([7, 3, 1]);
    expect(articlesOf([page(3, article(2, at(1))), page(3, article(1, at(2)))]).map((a) => a.id)).toEqual([
      2, 1,
    ]);
  });
});

describe('the recency mark', () => {
  const news = { icon: true, recency: 8, hide_rf: false };
  it('7 hours old marks with 8 hours recency, 9 does not; recency 0 or icon off never marks', () => {
    expect(isRecent(article(1, at(7 * 60)), news, NOW)).toBe(true);
    expect(isRecent(article(1, at(9 * 60)), news, NOW)).toBe(false);
    expect(isRecent(article(1, at(1)), { ...news, recency: 0 }, NOW)).toBe(false);
    expect(isRecent(article(1, at(1)), { ...news, icon: false }, NOW)).toBe(false);
  });
});

it('only http(s) links become an href', () => {
  expect(safeHref('https://a.example/x')).toBe('https://a.example/x');
  expect(safeHref('javascript:alert(1)')).toBeNull();
  expect(safeHref(null)).toBeNull();
});

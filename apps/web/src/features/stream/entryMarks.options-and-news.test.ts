import { decodeStreamEntry, type StreamEntry } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { type MarkContext, marksOf, passesOptionsMode } from './entryMarks.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 0);
const entry = (symbol: string, newsAt: number | null, storyAt: number | null = newsAt): StreamEntry =>
  decodeStreamEntry([symbol, 10, 1, 1, 0, 1000, 'Q', null, newsAt, null, null, storyAt]);
const ctx = (overrides: Partial<MarkContext> = {}): MarkContext => ({
  optionable: new Set(['OPT']),
  optionsMode: 'icon',
  news: { icon: true, recency: 8, hide_rf: false },
  now: NOW,
  ...overrides,
});

describe('stream row marks', () => {
  it('° marks optionable symbols in Icon mode only', () => {
    expect(marksOf(entry('OPT', null), ctx()).option).toBe(true);
    expect(marksOf(entry('NOPE', null), ctx()).option).toBe(false);
    expect(marksOf(entry('OPT', null), ctx({ optionsMode: 'off' })).option).toBe(false);
  });

  it('news 7 hours old shows with 8 hours recency, 9 hours old does not; recency 0 or icon off hides it', () => {
    expect(marksOf(entry('A', NOW - 7 * 3_600_000), ctx()).news).toBe(true);
    expect(marksOf(entry('A', NOW - 9 * 3_600_000), ctx()).news).toBe(false);
    expect(
      marksOf(entry('A', NOW - 60_000), ctx({ news: { icon: true, recency: 0, hide_rf: false } })).news,
    ).toBe(false);
    expect(
      marksOf(entry('A', NOW - 60_000), ctx({ news: { icon: false, recency: 8, hide_rf: false } })).news,
    ).toBe(false);
  });

  it('hide_rf marks by the latest story (element 11): a fresh filing alone lights nothing', () => {
    const hideRf = ctx({ news: { icon: true, recency: 8, hide_rf: true } });
    // A filing an hour ago, the last story two days ago.
    const filingOnly = entry('A', NOW - 3_600_000, NOW - 48 * 3_600_000);
    expect(marksOf(filingOnly, ctx()).news).toBe(true);
    expect(marksOf(filingOnly, hideRf).news).toBe(false);
    // A story an hour ago lights it either way; no story at all (null) never does under hide_rf.
    expect(marksOf(entry('A', NOW - 3_600_000, NOW - 3_600_000), hideRf).news).toBe(true);
    expect(marksOf(entry('A', NOW - 60_000, null), hideRf).news).toBe(false);
  });

  it('an entry of protocol 1 (11 elements) has no story time: only hide_rf off marks it', () => {
    const old = decodeStreamEntry(['A', 10, 1, 1, 0, 1000, 'Q', null, NOW - 60_000, null, null]);
    expect(old.storyTime).toBeNull();
    expect(marksOf(old, ctx()).news).toBe(true);
    expect(marksOf(old, ctx({ news: { icon: true, recency: 8, hide_rf: true } })).news).toBe(false);
  });

  it('Filter mode keeps optionable symbols only', () => {
    expect(passesOptionsMode('OPT', ctx({ optionsMode: 'filter' }))).toBe(true);
    expect(passesOptionsMode('NOPE', ctx({ optionsMode: 'filter' }))).toBe(false);
    expect(passesOptionsMode('NOPE', ctx({ optionsMode: 'icon' }))).toBe(true);
  });
});

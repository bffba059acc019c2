import { decodeStreamEntry, type StreamEntry } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { type MarkContext, marksOf, passesOptionsMode } from './entryMarks.ts';

const NOW = Date.UTC(2026, 10, 20, 15, 0);
const entry = (symbol: string, newsAt: number | null): StreamEntry =>
  decodeStreamEntry([symbol, 10, 1, 1, 0, 1000, 'Q', null, newsAt, null, null]);
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

  it('Filter mode keeps optionable symbols only', () => {
    expect(passesOptionsMode('OPT', ctx({ optionsMode: 'filter' }))).toBe(true);
    expect(passesOptionsMode('NOPE', ctx({ optionsMode: 'filter' }))).toBe(false);
    expect(passesOptionsMode('NOPE', ctx({ optionsMode: 'icon' }))).toBe(true);
  });
});

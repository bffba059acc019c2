import { NEWS_RECENCY_MAX_HOURS } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { formatRecency } from './recency.ts';

describe('formatRecency', () => {
  it('says disabled at 0', () => {
    expect(formatRecency(0)).toBe('Disabled');
  });

  it('shows hours, or days at multiples of 24', () => {
    expect(formatRecency(1)).toBe('1 hour');
    expect(formatRecency(8)).toBe('8 hours');
    expect(formatRecency(23)).toBe('23 hours');
    expect(formatRecency(24)).toBe('1 day');
    expect(formatRecency(25)).toBe('25 hours');
    expect(formatRecency(48)).toBe('2 days');
    expect(formatRecency(NEWS_RECENCY_MAX_HOURS)).toBe('5 days');
  });
});

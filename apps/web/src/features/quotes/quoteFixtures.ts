import type { Quote } from '@tapeline/core';

/** A quote as GET /api/quotes answers it. */
export function quoteFixture(symbol: string, extra: Partial<Quote> = {}): Quote {
  return {
    symbol,
    price: 10,
    percent: 1.5,
    dollar_dist: 0.15,
    high: 10.5,
    low: 9.5,
    sl: [9.8, 9.9, 10],
    pin: null,
    pin_percent: null,
    ...extra,
  };
}

/** The whole answer of POST /api/quotes. */
export function editAnswer(data: Quote[], invalids: string[] = [], duplicates: string[] = []) {
  return { success: true, overflow: false, data, invalids, duplicates, error: null };
}

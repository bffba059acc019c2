import { type FiredAlert, PROTOCOL_VERSION } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { alertFeed } from './alertFeed.ts';

const fired = (id: number, overrides: Partial<FiredAlert> = {}): FiredAlert => ({
  v: PROTOCOL_VERSION,
  id,
  kind: 'trade',
  symbol: 'AAPL',
  msg: `AAPL new high ${id}`,
  time: 1_767_000_000_000 + id,
  price: 201.5,
  price_dist: 1.2,
  uv: null,
  vwap: null,
  vwap_dist: null,
  zone: 'primary_high',
  ...overrides,
});

function collect(remember?: number) {
  const got: number[] = [];
  const feed = alertFeed((a) => got.push(a.id), remember);
  return { feed, got };
}

describe('alertFeed', () => {
  it('passes each alert once, dropping a repeat of the same id', () => {
    const { feed, got } = collect();
    feed(fired(1));
    feed(fired(2));
    feed(fired(1));
    feed([fired(3), fired(2), fired(4)]);
    expect(got).toEqual([1, 2, 3, 4]);
  });

  it('ignores payloads that are not a fired alert of this protocol version', () => {
    const { feed, got } = collect();
    feed({ msg: 'no id' });
    feed({ ...fired(5), v: PROTOCOL_VERSION + 1 });
    feed('AAPL');
    feed(null);
    feed(fired(6));
    expect(got).toEqual([6]);
  });

  it('remembers a bounded number of ids: the oldest may come again', () => {
    const { feed, got } = collect(2);
    feed(fired(1));
    feed(fired(2));
    feed(fired(3));
    feed(fired(1));
    feed(fired(3));
    expect(got).toEqual([1, 2, 3, 1]);
  });
});

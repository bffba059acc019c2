import {
  type ChannelContext,
  defaultChannels,
  type StreamBatchView,
  type StreamChannel,
  type StreamEntry,
  type StreamRecentQuery,
} from '@tapeline/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamPosition } from '../../lib/streamSequencer.ts';
import { channelKey, createChannelViews, LINGER_MS, querySpec } from './channelViews.ts';
import { FLUSH_MS } from './streamBuffer.ts';

const ctx: ChannelContext = {
  popular: new Set(),
  favorites: new Set(),
  sectorOf: () => undefined,
  proPlus: false,
};
const [main, alt] = defaultChannels() as [StreamChannel, StreamChannel];
const custom: StreamChannel = {
  ...main,
  type: 'custom',
  value: { ...main.value, custom_view: ['AAPL', 'GME'] },
};

function entry(symbol: string, last: number): StreamEntry {
  return {
    symbol,
    last,
    count: 1,
    active: true,
    flag: 0,
    volume: 1_000_000,
    exchange: 'NASDAQ',
    float: 10_000_000,
    newsTime: null,
    storyTime: null,
    atr: null,
    gap: null,
    eventTs: null,
    publishedTs: null,
  };
}

const batch = (seq: number, highs: string[], lows: string[] = []): StreamBatchView => ({
  ep: 7,
  seq,
  ts: seq * 250,
  highs: highs.map((s) => entry(s, 10)),
  lows: lows.map((s) => entry(s, 10)),
  halts: [],
  uvols: [],
});

interface Asked {
  query: StreamRecentQuery;
  answer(b: StreamBatchView): Promise<void>;
  fail(): Promise<void>;
}

/** The tab with a hand-fed socket, a hand-answered server and a clock the test moves. */
function tab() {
  let now = 1_000_000;
  let live: ((b: StreamBatchView) => void) | null = null;
  const asked: Asked[] = [];
  const answered: StreamPosition[] = [];
  const views = createChannelViews({
    now: () => now,
    answered: (position) => answered.push(position),
    subscribe: (listener) => {
      live = listener;
      return () => {
        live = null;
      };
    },
    fetchRecent: (query) =>
      new Promise((resolve, reject) => {
        asked.push({
          query,
          answer: async (b) => {
            resolve(b);
            await Promise.resolve();
          },
          fail: async () => {
            reject(new Error('503'));
            await Promise.resolve().then(() => {});
          },
        });
      }),
  });
  const hold = (channel: StreamChannel) => {
    const key = channelKey(channel, 'off', ctx);
    return { key, release: views.acquire(key, querySpec(channel, 'off', ctx)) };
  };
  return {
    views,
    asked,
    answered,
    hold,
    arrive: (b: StreamBatchView) => live?.(b),
    wait: (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    },
    symbols: (key: string, side: 'highs' | 'lows' = 'highs') =>
      views.store.getState().views[key]?.view[side].map((e) => e.symbol),
  };
}

describe('channelViews', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a remount within 60 s shows the same rows without asking again; after 60 s it asks once', async () => {
    const t = tab();
    const first = t.hold(main);
    expect(t.asked).toHaveLength(1);
    await t.asked[0]?.answer(batch(3, ['AAPL', 'NVDA'], ['TSLA']));
    expect(t.symbols(first.key)).toEqual(['NVDA', 'AAPL']);

    first.release();
    t.wait(LINGER_MS - FLUSH_MS);
    const again = t.hold(main);
    expect(t.asked).toHaveLength(1);
    expect(t.symbols(again.key)).toEqual(['NVDA', 'AAPL']);
    expect(t.symbols(again.key, 'lows')).toEqual(['TSLA']);

    again.release();
    t.wait(LINGER_MS);
    expect(t.views.size()).toBe(0);
    const later = t.hold(main);
    expect(t.asked).toHaveLength(2);
    expect(t.symbols(later.key)).toEqual([]);
  });

  it('a refill (batches missed for good) asks every held channel again and forgets lingering ones', async () => {
    const t = tab();
    const held = t.hold(main);
    const gone = t.hold(alt);
    await t.asked[0]?.answer(batch(3, ['AAPL']));
    await t.asked[1]?.answer(batch(3, ['AMD']));
    gone.release();
    t.views.refillAll();
    expect(t.asked).toHaveLength(3);
    expect(t.views.size()).toBe(1);
    // The new answer replaces the rows: what was missed is in it, what it no longer lists goes.
    await t.asked[2]?.answer(batch(9, ['NVDA']));
    expect(t.symbols(held.key)).toEqual(['NVDA']);
    held.release();
  });

  it('keeps filtering live batches for a channel nobody holds, for its 60 s', async () => {
    const t = tab();
    const held = t.hold(main);
    await t.asked[0]?.answer(batch(1, ['AAPL']));
    held.release();
    t.arrive(batch(2, ['AMD']));
    t.wait(FLUSH_MS);
    t.hold(main);
    expect(t.symbols(held.key)).toEqual(['AMD', 'AAPL']);
  });

  it('holds live batches while the recent view is asked, drops those the answer contains, adds later ones', async () => {
    const t = tab();
    const { key } = t.hold(main);
    expect(t.views.store.getState().views[key]?.loading).toBe(true);
    t.arrive(batch(4, ['OLD1']));
    t.arrive(batch(5, ['OLD2']));
    t.arrive(batch(6, ['NEW1']));
    t.arrive(batch(7, ['NEW2']));
    t.wait(FLUSH_MS);
    // Nothing shows before the answer: a half tape would jump when it comes.
    expect(t.symbols(key)).toEqual([]);

    await t.asked[0]?.answer(batch(5, ['AAPL', 'GME']));
    expect(t.symbols(key)).toEqual(['NEW2', 'NEW1', 'GME', 'AAPL']);
    expect(t.views.store.getState().views[key]).toMatchObject({ loading: false, lastSeq: 7 });

    t.arrive(batch(8, ['AMD']));
    t.wait(FLUSH_MS);
    expect(t.symbols(key)).toEqual(['AMD', 'NEW2', 'NEW1', 'GME', 'AAPL']);
  });

  it('tells the tab where each answer stands, and a live batch the answer contains is not shown again', async () => {
    const t = tab();
    const { key } = t.hold(main);
    await t.asked[0]?.answer(batch(5, ['AAPL', 'GME']));
    expect(t.answered).toEqual([{ ep: 7, seq: 5 }]);
    // Batch 5 comes live after its answer (a resume from the answer's seq repeats nothing, but a
    // batch in flight can): AAPL stays where the answer put it, under GME.
    t.arrive(batch(5, ['AAPL']));
    t.arrive(batch(6, ['AMD']));
    t.wait(FLUSH_MS);
    expect(t.symbols(key)).toEqual(['AMD', 'GME', 'AAPL']);
    expect(t.views.store.getState().views[key]).toMatchObject({ lastSeq: 6 });
  });

  it('a batch with nothing for the channel still counts as seen at the flush; a new epoch starts over', async () => {
    const t = tab();
    const { key } = t.hold(custom);
    await t.asked[0]?.answer(batch(9, ['GME']));
    t.arrive(batch(10, ['MSFT']));
    t.wait(FLUSH_MS);
    expect(t.views.store.getState().views[key]).toMatchObject({ lastSeq: 10 });
    expect(t.symbols(key)).toEqual(['GME']);
    t.arrive({ ...batch(1, ['AAPL']), ep: 8 });
    t.wait(FLUSH_MS);
    expect(t.views.store.getState().views[key]).toMatchObject({ lastSeq: 1 });
    expect(t.symbols(key)).toEqual(['AAPL', 'GME']);
  });

  it('a custom channel asks with its symbols and fills from the answer', async () => {
    const t = tab();
    const { key } = t.hold(custom);
    expect(t.asked[0]?.query).toMatchObject({ type: 'custom', symbols: ['AAPL', 'GME'] });
    await t.asked[0]?.answer(batch(9, ['GME', 'AAPL']));
    expect(t.symbols(key)).toEqual(['AAPL', 'GME']);
  });

  it('without a recent view the channel goes on live with what arrived meanwhile', async () => {
    const t = tab();
    const { key } = t.hold(main);
    t.arrive(batch(1, ['AAPL']));
    await t.asked[0]?.fail();
    expect(t.views.store.getState().views[key]?.loading).toBe(false);
    t.wait(FLUSH_MS);
    expect(t.symbols(key)).toEqual(['AAPL']);
  });

  it('LOAD RECENT asks once per channel held, however many widgets hold it', async () => {
    const t = tab();
    const a = t.hold(main);
    t.hold(main);
    const b = t.hold(alt);
    expect(t.asked).toHaveLength(2);
    await t.asked[0]?.answer(batch(1, []));
    await t.asked[1]?.answer(batch(1, []));

    const loading = t.views.loadRecentAll();
    expect(t.asked).toHaveLength(4);
    expect(t.asked[2]?.query).toEqual(t.asked[0]?.query);
    expect(t.asked[3]?.query).toEqual(t.asked[1]?.query);
    await t.asked[2]?.answer(batch(3, ['AAPL']));
    await t.asked[3]?.answer(batch(3, ['GME']));
    await loading;
    expect(t.symbols(a.key)).toEqual(['AAPL']);
    expect(t.symbols(b.key)).toEqual(['GME']);
    expect(t.views.store.getState().recentLoaded).toBe(true);
  });

  it('LOAD RECENT rejects when a channel cannot be refilled, and keeps its rows', async () => {
    const t = tab();
    const { key } = t.hold(main);
    await t.asked[0]?.answer(batch(1, ['AAPL']));
    const loading = t.views.loadRecentAll();
    await t.asked[1]?.fail();
    await expect(loading).rejects.toThrow();
    expect(t.symbols(key)).toEqual(['AAPL']);
    expect(t.views.store.getState().recentLoaded).toBe(false);
  });
});

import { type ChannelContext, defaultChannels, type StreamBatchView } from '@tapeline/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChannelViews } from './channelViews.ts';
import { FLUSH_MS } from './streamBuffer.ts';
import { useLiveStream } from './useLiveStream.ts';

// The socket is the network here: the tab's channel views are fed by hand, the way component
// tests fake fetch. Everything from the batch listener up is the real store and hook.
const feed: { listener: ((batch: StreamBatchView) => void) | null } = { listener: null };

const channel = defaultChannels()[0];
if (!channel) throw new Error('core has no default channel');
const ctx: ChannelContext = {
  popular: new Set(),
  favorites: new Set(),
  sectorOf: () => undefined,
  proPlus: false,
};

const emptyBatch = (ts: number): StreamBatchView => ({
  ep: 1,
  seq: 1,
  ts,
  highs: [],
  lows: [],
  halts: [],
  uvols: [],
});

/** A tab whose server answers an empty recent view, read with the faked clock. */
const newTab = () =>
  createChannelViews({
    now: () => Date.now(),
    fetchRecent: async () => emptyBatch(0),
    answered: () => {},
    subscribe: (listener) => {
      feed.listener = listener;
      return () => {
        feed.listener = null;
      };
    },
  });
let views = newTab();

let renders = 0;
function Probe() {
  const { lastBatchAt } = useLiveStream(channel as NonNullable<typeof channel>, ctx, 'off', views);
  renders += 1;
  return <output aria-label="last batch">{lastBatchAt}</output>;
}

/** Mounts the probe and lets the recent view's answer land. */
async function mount() {
  render(<Probe />);
  await act(async () => {});
}

describe('useLiveStream', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    renders = 0;
    views = newTab();
  });
  afterEach(() => {
    views.reset();
    vi.useRealTimers();
  });

  it('re-renders once per flush, not once per batch', async () => {
    await mount();
    const before = renders;
    // Five batches a second for a whole flush period: no render until the flush.
    for (let i = 0; i < 9; i++) {
      act(() => {
        feed.listener?.(emptyBatch(i));
        vi.advanceTimersByTime(200);
      });
    }
    expect(renders).toBe(before);
    expect(screen.getByLabelText('last batch')).toHaveTextContent('0');

    act(() => {
      feed.listener?.(emptyBatch(9));
      vi.advanceTimersByTime(200);
    });
    expect(renders).toBe(before + 1);
    // The time shown is that of the last batch before the flush.
    expect(screen.getByLabelText('last batch')).toHaveTextContent(String(1_000_000 + 9 * 200));
  });

  it('does not re-render at a flush when nothing arrived', async () => {
    await mount();
    const before = renders;
    act(() => {
      vi.advanceTimersByTime(FLUSH_MS * 3);
    });
    expect(renders).toBe(before);
  });
});

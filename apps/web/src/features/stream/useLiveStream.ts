import type { ChannelContext, OptionsMode, StreamChannel } from '@tapeline/core';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { type ChannelView, type ChannelViews, channelKey, channelViews, querySpec } from './channelViews.ts';
import { emptyView, type StreamView } from './streamBuffer.ts';

export interface LiveStream {
  view: StreamView;
  /** The channel's recent view is being asked for (a channel new to the tab). */
  loading: boolean;
  /** Sequence number of the newest batch shown. */
  lastSeq: number;
  /** Wall time of the last batch received as of the last flush, 0 before any. */
  lastBatchAt: number;
  /** LOAD RECENT succeeded in this tab. */
  recentLoaded: boolean;
  /** LOAD RECENT: refills every channel the tab shows, one request each. */
  loadRecent(): Promise<void>;
}

/** Before the widget holds its channel: nothing shown yet, and the recent view is on its way. */
const UNHELD: ChannelView = { view: emptyView(), loading: true, lastSeq: 0 };

/**
 * One channel of the live stream, from the tab's channel views (channelViews.ts): a channel the
 * tab held in the last minute shows its rows at once; a new one fills from the server first.
 * Same content, same view: a settings load that replaces the channel object changes nothing.
 */
export function useLiveStream(
  channel: StreamChannel,
  ctx: ChannelContext,
  optionsMode: OptionsMode = 'off',
  views: ChannelViews = channelViews,
): LiveStream {
  const key = channelKey(channel, optionsMode, ctx);
  const latest = useRef({ channel, ctx, optionsMode });
  latest.current = { channel, ctx, optionsMode };

  useEffect(() => {
    const { channel: c, ctx: x, optionsMode: m } = latest.current;
    return views.acquire(key, querySpec(c, m, x));
  }, [key, views]);

  // The sector table and optionable set load later without changing the key: filter with them.
  useEffect(() => views.setContext(key, ctx), [key, ctx, views]);

  const shown = useStore(views.store, (s) => s.views[key]) ?? UNHELD;
  const lastBatchAt = useStore(views.store, (s) => s.lastBatchAt);
  const recentLoaded = useStore(views.store, (s) => s.recentLoaded);
  return { ...shown, lastBatchAt, recentLoaded, loadRecent: views.loadRecentAll };
}

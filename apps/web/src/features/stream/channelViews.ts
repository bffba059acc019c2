import {
  type ChannelContext,
  encodeStreamRecentQuery,
  type OptionsMode,
  type StreamBatchView,
  type StreamChannel,
  type StreamRecentQuery,
  streamRecentQueryOf,
} from '@tapeline/core';
import { createStore } from 'zustand/vanilla';
import { dataHost } from '../../lib/dataHost.ts';
import { onStreamRefill, type StreamPosition } from '../../lib/streamSequencer.ts';
import { seedStream, subscribeStream } from '../../lib/tabSocket.ts';
import { filterBatch } from './channelFilter.ts';
import { emptyView, FLUSH_MS, MAX_PENDING, StreamBuffer, type StreamView } from './streamBuffer.ts';

// docs/continuity.md §1: the tab keeps one view per channel *content*, so a widget that mounts
// again (maximise, restore, layout switch, STREAM off/on) shows the rows it showed, and a channel
// new to the tab fills from the server's recent view before going on live.

/** An entry outlives its last holder this long: a remount within it shows the same rows, unasked. */
export const LINGER_MS = 60_000;

/** What one channel shows, as widgets read it. */
export interface ChannelView {
  view: StreamView;
  /** The recent view is being asked for; live batches wait until it is shown. */
  loading: boolean;
  /** Sequence number of the newest batch shown (the answer's, or a live one's), 0 before any. */
  lastSeq: number;
}

export interface ChannelViewsState {
  views: Readonly<Record<string, ChannelView>>;
  /** Wall time of the last batch received as of the last flush, 0 before any. */
  lastBatchAt: number;
  /** LOAD RECENT succeeded in this tab: every widget's countdown gives way to its rows. */
  recentLoaded: boolean;
}

/** What a widget holds its channel with. */
export interface ChannelSpec {
  channel: StreamChannel;
  ctx: ChannelContext;
  /** The server query for the channel; null for a `none` channel (nothing to ask). */
  query: StreamRecentQuery | null;
}

export interface ChannelViewsDeps {
  now(): number;
  /** `GET /data/stream_bk?<query>`: one batch, entries oldest first, `seq` the last published. */
  fetchRecent(query: StreamRecentQuery): Promise<StreamBatchView>;
  /** The tab's live batches; the returned function stops them. */
  subscribe(listener: (batch: StreamBatchView) => void): () => void;
  /** A recent view answered as of this batch: where the tab's live sequence starts. */
  answered(position: StreamPosition): void;
}

interface Entry extends ChannelSpec {
  key: string;
  buffer: StreamBuffer;
  shown: ChannelView;
  /** Live batches that arrived while the recent view was asked for; null when none is. */
  held: StreamBatchView[] | null;
  /** Sequence number of the newest batch this entry has taken in (shown at the next flush). */
  seenSeq: number;
  seenEp: number;
  /** The latest request: an older one's answer is ignored. */
  request: number;
  holders: number;
  releasedAt: number;
}

/** The key of a channel's entry: its content, the options mode and the plan (they change what shows). */
export function channelKey(channel: StreamChannel, optionsMode: OptionsMode, ctx: ChannelContext): string {
  return JSON.stringify([channel, optionsMode, ctx.proPlus, listedOf(channel, ctx)]);
}

/** Fav and popular show the tab's lists: a changed list is another view (and another query). */
function listedOf(channel: StreamChannel, ctx: ChannelContext): string[] {
  if (channel.type === 'fav') return [...ctx.favorites].sort();
  if (channel.type === 'popular') return [...ctx.popular].sort();
  return [];
}

/** The query a widget's channel asks the server with. */
export function querySpec(
  channel: StreamChannel,
  optionsMode: OptionsMode,
  ctx: ChannelContext,
): ChannelSpec {
  const query = streamRecentQueryOf(channel, {
    favorites: ctx.favorites,
    popular: ctx.popular,
    optionable: optionsMode === 'filter',
  });
  return { channel, ctx, query };
}

/** A batch the answer does not already contain: a later seq of its epoch, or a later epoch. */
const after = (batch: StreamBatchView, answer: StreamBatchView) =>
  batch.ep > answer.ep || (batch.ep === answer.ep && batch.seq > answer.seq);

/** Notes a batch taken in: a new engine epoch starts its numbers again. */
function seen(e: Entry, b: StreamBatchView): void {
  if (b.ep > e.seenEp) {
    e.seenEp = b.ep;
    e.seenSeq = b.seq;
  } else if (b.ep === e.seenEp && b.seq > e.seenSeq) e.seenSeq = b.seq;
}

/** A batch this entry took in already (a recent view's answer contains it): not applied twice. */
const taken = (e: Entry, b: StreamBatchView) => b.ep < e.seenEp || (b.ep === e.seenEp && b.seq <= e.seenSeq);

const isEmpty = (b: StreamBatchView) =>
  b.highs.length + b.lows.length + b.halts.length + b.uvols.length === 0;

export type ChannelViews = ReturnType<typeof createChannelViews>;

export function createChannelViews(deps: ChannelViewsDeps) {
  const store = createStore<ChannelViewsState>(() => ({ views: {}, lastBatchAt: 0, recentLoaded: false }));
  const entries = new Map<string, Entry>();
  let stop: (() => void) | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastArrival = 0;

  const publish = (changed: Entry[]) => {
    if (changed.length === 0) return;
    const views = { ...store.getState().views };
    for (const e of changed) views[e.key] = e.shown;
    store.setState({ views });
  };

  function onBatch(batch: StreamBatchView): void {
    lastArrival = deps.now();
    for (const e of entries.values()) {
      const mine = filterBatch(batch, e.channel, e.ctx);
      if (e.held) {
        // A request that hangs must not hold the tape without bound: the buffer's own cap.
        e.held.push(mine);
        if (e.held.length > MAX_PENDING) e.held.shift();
      } else if (!taken(e, mine)) {
        // A batch with nothing for this channel still counts as seen (data-seq, catch-up).
        if (!isEmpty(mine)) e.buffer.push(mine);
        seen(e, mine);
      }
    }
  }

  /** One timer for the tab: every channel's view flushes together, and unheld entries expire. */
  function tick(): void {
    const changed: Entry[] = [];
    const now = deps.now();
    for (const e of entries.values()) {
      if (e.holders === 0 && now - e.releasedAt >= LINGER_MS) {
        entries.delete(e.key);
        continue;
      }
      if (e.held || (e.buffer.size === 0 && e.seenSeq === e.shown.lastSeq)) continue;
      e.shown = { view: e.buffer.flush(e.shown.view), loading: false, lastSeq: e.seenSeq };
      changed.push(e);
    }
    const views = { ...store.getState().views };
    for (const key of Object.keys(views)) if (!entries.has(key)) delete views[key];
    for (const e of changed) views[e.key] = e.shown;
    const lastBatchAt = lastArrival;
    const state = store.getState();
    const gone = Object.keys(views).length !== Object.keys(state.views).length;
    if (changed.length > 0 || gone || lastBatchAt !== state.lastBatchAt)
      store.setState({ views, lastBatchAt });
    if (entries.size === 0) stopLive();
  }

  function startLive(): void {
    if (timer) return;
    timer = setInterval(tick, FLUSH_MS);
    stop = deps.subscribe(onBatch);
  }

  function stopLive(): void {
    if (timer) clearInterval(timer);
    timer = null;
    stop?.();
    stop = null;
  }

  /** Asks the channel's recent view; live batches wait meanwhile and those after the answer follow it. */
  function load(e: Entry): Promise<void> {
    if (!e.query) return Promise.resolve();
    const token = ++e.request;
    e.held ??= [];
    e.shown = { ...e.shown, loading: true };
    publish([e]);
    const current = () => entries.get(e.key) === e && e.request === token;
    return deps.fetchRecent(e.query).then(
      (answer) => {
        if (!current()) return;
        deps.answered({ ep: answer.ep, seq: answer.seq });
        // The answer is the channel's day as of batch N: rows shown or pending before it are in
        // it, so it replaces them; only batches published after N are added on top.
        const later = [...e.buffer.drain(), ...(e.held ?? [])].filter((b) => after(b, answer));
        e.held = null;
        const fill = new StreamBuffer();
        fill.push(answer);
        const view = fill.flush(emptyView());
        for (const b of later) fill.push(b);
        seen(e, answer);
        for (const b of later) seen(e, b);
        e.shown = { view: fill.flush(view), loading: false, lastSeq: e.seenSeq };
        publish([e]);
      },
      (error: unknown) => {
        if (!current()) throw error;
        // No recent view: go on live with what arrived meanwhile (shown at the next flush).
        for (const b of e.held ?? []) {
          if (!isEmpty(b)) e.buffer.push(b);
          seen(e, b);
        }
        e.held = null;
        e.shown = { ...e.shown, loading: false };
        publish([e]);
        throw error;
      },
    );
  }

  const quietly = (p: Promise<void>) => {
    p.catch(() => {});
  };

  return {
    store,

    /**
     * A widget shows `key`'s channel until the returned release: an entry held (or released less
     * than LINGER_MS ago) is shared as it is; otherwise a new one asks the server at once.
     */
    acquire(key: string, spec: ChannelSpec): () => void {
      let e = entries.get(key);
      if (e && e.holders === 0 && deps.now() - e.releasedAt >= LINGER_MS) {
        entries.delete(key);
        e = undefined;
      }
      startLive();
      if (!e) {
        e = {
          key,
          ...spec,
          buffer: new StreamBuffer(),
          shown: { view: emptyView(), loading: false, lastSeq: 0 },
          held: null,
          seenSeq: 0,
          seenEp: 0,
          request: 0,
          holders: 0,
          releasedAt: 0,
        };
        entries.set(key, e);
        publish([e]);
        quietly(load(e));
      } else {
        e.ctx = spec.ctx;
      }
      e.holders += 1;
      const held = e;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.holders -= 1;
        if (held.holders === 0) held.releasedAt = deps.now();
      };
    },

    /** The tab's lists and sector table changed (same channel content): filter with the new ones. */
    setContext(key: string, ctx: ChannelContext): void {
      const e = entries.get(key);
      if (e) e.ctx = ctx;
    },

    /** LOAD RECENT: one request per channel held in the tab; rejects if any of them failed. */
    async loadRecentAll(): Promise<void> {
      const held = [...entries.values()].filter((e) => e.holders > 0);
      const results = await Promise.allSettled(held.map(load));
      if (results.some((r) => r.status === 'rejected')) throw new Error('recent stream failed');
      store.setState({ recentLoaded: true });
    },

    /**
     * The tab missed batches it cannot get back (a resume gap, a new engine epoch): every held
     * channel asks its recent view again, lingering ones are forgotten (they would ask on return).
     */
    refillAll(): void {
      for (const e of [...entries.values()]) {
        if (e.holders > 0) quietly(load(e));
        else entries.delete(e.key);
      }
    },

    /** Entries kept now (held or lingering), for tests and diagnostics. */
    size: () => entries.size,

    /** Forgets every entry and stops the live batches (tests start each from an empty tab). */
    reset(): void {
      stopLive();
      entries.clear();
      lastArrival = 0;
      store.setState({ views: {}, lastBatchAt: 0, recentLoaded: false });
    },
  };
}

async function fetchRecent(query: StreamRecentQuery): Promise<StreamBatchView> {
  const params = new URLSearchParams(encodeStreamRecentQuery(query));
  // Read and checked by the rows worker, off the page's thread (lib/dataRows).
  const [answer] = await dataHost.rows(`/data/stream_bk?${params}`, 'streamRecent');
  const { v: _v, ...batch } = answer;
  return batch;
}

/** The tab's channel views, shared by every Stream widget of the page. */
export const channelViews = createChannelViews({
  now: () => Date.now(),
  fetchRecent,
  subscribe: subscribeStream,
  answered: seedStream,
});
onStreamRefill(() => channelViews.refillAll());

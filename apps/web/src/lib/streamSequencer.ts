import type { StreamBatchView, StreamResumeFailure } from '@tapeline/core';

/**
 * Why the tab's stream views must be refilled from `GET /data/stream_bk` rather than caught up
 * batch by batch: the server could not serve a resume (`gap`, `epoch`, `refused`), or batches of
 * a new engine epoch arrived (`new-epoch`: the old numbers mean nothing now).
 */
export type StreamRefillReason = StreamResumeFailure | 'new-epoch';

/** Where the tab's stream stands: the engine epoch and the last batch number handed on. */
export interface StreamPosition {
  ep: number;
  seq: number;
}

export interface StreamSequencerOptions {
  /** A batch in sequence, each once, in `seq` order. */
  deliver(batch: StreamBatchView): void;
  /** A hole appeared: ask the server for the batches after `since` (`stream_resume`). */
  resume(position: StreamPosition): void;
  /** The views cannot be caught up batch by batch; they must be refilled. */
  refill(reason: StreamRefillReason): void;
}

export interface StreamSequencer {
  /** A decoded live batch, in arrival order. */
  push(batch: StreamBatchView): void;
  /**
   * A recent view (`GET /data/stream_bk`) answered as of `position`. Before any live batch the
   * tab stands there: a first live batch after a hole asks for the missing ones, and a drop
   * before the first live batch resumes from it. Of several answers the oldest counts; once a
   * live batch was handed on, answers change nothing.
   */
  seed(position: StreamPosition): void;
  /**
   * A resume is about to be asked (after a reconnect): returns what to ask for, or null when
   * the tab holds nothing yet (the views fill from the server on their own then).
   */
  beginResume(): StreamPosition | null;
  /** The resume answered with these batches (decoded, oldest first). */
  resumed(batches: readonly StreamBatchView[]): void;
  /** The resume could not be served: the held batches go on, and the views are refilled. */
  resumeFailed(reason: StreamResumeFailure): void;
  /** The socket dropped: an unanswered resume will never answer; held batches stay. */
  interrupted(): void;
  /** A resume is out and not answered yet. */
  resuming(): boolean;
  position(): StreamPosition | null;
  /** The tab stopped listening to the stream: the next batch starts afresh. */
  reset(): void;
}

/**
 * Puts the tab's stream batches in sequence (docs/continuity.md §2). Batches of one engine
 * epoch are numbered 1, 2, 3 … with no gaps, so: a repeat (`seq` ≤ the last handed on) is
 * dropped; a hole holds the later batches and asks for the missing ones once; the answer fills
 * the hole and the held ones follow. A new epoch, or a resume the server cannot serve, asks the
 * views to refill instead. Pure: no socket, no clock.
 */
export function createStreamSequencer(options: StreamSequencerOptions): StreamSequencer {
  let last: StreamPosition | null = null;
  /** Where the recent views stand before any live batch (see `seed`). */
  let seeded: StreamPosition | null = null;
  /** Batches after a hole, by seq (of `last.ep`). */
  const held = new Map<number, StreamBatchView>();
  let asked = false;

  const hand = (batch: StreamBatchView) => {
    last = { ep: batch.ep, seq: batch.seq };
    options.deliver(batch);
  };

  /** Hands on the held batches that now follow without a hole. */
  const drainHeld = () => {
    while (last && held.has(last.seq + 1)) {
      const next = held.get(last.seq + 1) as StreamBatchView;
      held.delete(next.seq);
      hand(next);
    }
    // Anything at or below the last handed on is a repeat now.
    for (const seq of held.keys()) if (last && seq <= last.seq) held.delete(seq);
  };

  /** Gives up on the hole: the held batches go on in order and the views refill. */
  const skipHole = (reason: StreamRefillReason) => {
    const rest = [...held.values()].sort((a, b) => a.seq - b.seq);
    held.clear();
    asked = false;
    for (const batch of rest) hand(batch);
    options.refill(reason);
  };

  /** Places one batch; returns true when it opened (or still shows) a hole. */
  const place = (batch: StreamBatchView): boolean => {
    if (!last && seeded) {
      last = seeded;
      seeded = null;
    }
    if (!last) {
      hand(batch);
      return false;
    }
    if (batch.ep < last.ep) return false;
    if (batch.ep > last.ep) {
      held.clear();
      asked = false;
      hand(batch);
      options.refill('new-epoch');
      return false;
    }
    if (batch.seq <= last.seq) return false;
    if (batch.seq === last.seq + 1) {
      hand(batch);
      drainHeld();
      return held.size > 0;
    }
    held.set(batch.seq, batch);
    return true;
  };

  return {
    push(batch) {
      const hole = place(batch);
      if (hole && !asked && last) {
        asked = true;
        options.resume({ ...last });
      }
    },
    seed(position) {
      if (last) return;
      if (!seeded || position.ep > seeded.ep || (position.ep === seeded.ep && position.seq < seeded.seq))
        seeded = { ...position };
    },
    beginResume() {
      if (!last && seeded) {
        last = seeded;
        seeded = null;
      }
      if (!last) return null;
      asked = true;
      return { ...last };
    },
    resumed(batches) {
      for (const batch of batches) place(batch);
      asked = false;
      // The server answers up to its newest batch, and later ones come live after the answer:
      // a hole left now will not fill, so the views catch up by a refill instead.
      if (held.size > 0) skipHole('gap');
    },
    resumeFailed(reason) {
      skipHole(reason);
    },
    interrupted() {
      asked = false;
    },
    resuming: () => asked,
    position: () => (last ? { ...last } : null),
    reset() {
      last = null;
      seeded = null;
      held.clear();
      asked = false;
    },
  };
}

type RefillListener = (reason: StreamRefillReason) => void;
const refillListeners = new Set<RefillListener>();

/**
 * Hears when the tab's stream views must be refilled from the server (the Stream widgets'
 * channel views subscribe). Returns the unsubscribe.
 */
export function onStreamRefill(listener: RefillListener): () => void {
  refillListeners.add(listener);
  return () => {
    refillListeners.delete(listener);
  };
}

/** Tells every refill listener (the tab's socket calls it). */
export function signalStreamRefill(reason: StreamRefillReason): void {
  for (const listener of [...refillListeners]) listener(reason);
}

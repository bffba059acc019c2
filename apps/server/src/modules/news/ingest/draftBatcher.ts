import { type NewsDraft, PROTOCOL_VERSION } from '@tapeline/core';
import { type Clock, systemClock, type Timer } from '../../../platform/clock.ts';

// One source's drafts onto the bus (docs/quotes-news.md §3): messages of at most 50 articles
// and 512 KB, at most one a second, so a backfill of thousands reaches the API nodes as a steady
// trickle rather than one burst every node must store at once.

export const BATCH_MAX_ARTICLES = 50;
export const BATCH_MAX_BYTES = 512 * 1024;
export const BATCH_MIN_GAP_MS = 1_000;
/** Drafts waiting past this (the bus down for long) drop the oldest: the newest matter most. */
export const BATCH_MAX_QUEUED = 5_000;

export interface DraftBatcherOptions {
  /** One `news:articles` message, serialized; a rejection puts its drafts back in front. */
  publish(json: string): Promise<void>;
  clock?: Clock;
  onError?(error: Error): void;
}

export interface DraftBatcher {
  push(drafts: readonly NewsDraft[]): void;
  /** Drafts waiting, and drafts dropped (too big alone, or the queue over its cap). */
  stats(): { queued: number; dropped: number; messages: number };
  stop(): void;
}

const ENVELOPE = `{"v":${PROTOCOL_VERSION},"articles":[]}`;
const envelopeOf = (items: readonly string[]) => `{"v":${PROTOCOL_VERSION},"articles":[${items.join(',')}]}`;

export function createDraftBatcher(options: DraftBatcherOptions): DraftBatcher {
  const clock = options.clock ?? systemClock;
  const queue: { json: string; bytes: number }[] = [];
  let dropped = 0;
  let messages = 0;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: Timer | null = null;
  let sending = false;
  let stopped = false;

  const schedule = () => {
    if (stopped || timer !== null || sending || queue.length === 0) return;
    const wait = Math.max(0, lastSentAt + BATCH_MIN_GAP_MS - clock.now());
    timer = clock.setTimeout(() => {
      timer = null;
      send();
    }, wait);
  };

  const send = () => {
    const batch: { json: string; bytes: number }[] = [];
    let bytes = ENVELOPE.length;
    while (batch.length < BATCH_MAX_ARTICLES && queue.length > 0) {
      const next = queue[0] as { json: string; bytes: number };
      if (bytes + next.bytes + 1 > BATCH_MAX_BYTES) break;
      batch.push(next);
      bytes += next.bytes + 1;
      queue.shift();
    }
    if (batch.length === 0) return;
    lastSentAt = clock.now();
    sending = true;
    options.publish(envelopeOf(batch.map((item) => item.json))).then(
      () => {
        messages++;
        sending = false;
        schedule();
      },
      (error: Error) => {
        options.onError?.(error);
        queue.unshift(...batch);
        trim();
        sending = false;
        schedule();
      },
    );
  };

  const trim = () => {
    if (queue.length > BATCH_MAX_QUEUED) dropped += queue.splice(0, queue.length - BATCH_MAX_QUEUED).length;
  };

  return {
    push(drafts) {
      if (stopped) return;
      for (const draft of drafts) {
        const json = JSON.stringify(draft);
        const size = Buffer.byteLength(json);
        // A single draft that cannot fit a message alone would block the queue for good.
        if (ENVELOPE.length + size > BATCH_MAX_BYTES) dropped++;
        else queue.push({ json, bytes: size });
      }
      trim();
      schedule();
    },
    stats: () => ({ queued: queue.length, dropped, messages }),
    stop() {
      stopped = true;
      timer?.cancel();
      timer = null;
      queue.length = 0;
    },
  };
}

import { STREAM_BACKLOG_MAX } from '@tapeline/core';
import { BUS_FRAME_HEADER, type BusBatch } from './busFrame.ts';

interface Entry {
  ep: number;
  seq: number;
  /** The batch as broadcast (raw-deflated JSON): `stream_resume` sends these exact bytes again. */
  bytes: Buffer;
}

/** Why `since` cannot answer: older than what is kept, or another engine run's numbers. */
export type BacklogMiss = 'gap' | 'epoch';

/**
 * The most recent stream batches, oldest first, as sockets were sent them, for `stream_resume`
 * (docs/continuity.md §2): 1,000 non-empty batches cover at least 250 s, so a two-minute drop
 * always fits. Indexed by the bus frame's epoch and seq; never inflated here. (LOAD RECENT,
 * `/data/stream_bk`, is the engine's recent view of the day now, not these batches.)
 */
export function createBacklog(max = STREAM_BACKLOG_MAX) {
  const entries: Entry[] = [];

  return {
    push({ ep, seq, bytes }: BusBatch): void {
      // A view into a larger buffer (a Redis read chunk) would keep all of it alive here; a
      // view past a bus frame's header is fine (16 bytes).
      const own = bytes.buffer.byteLength <= bytes.byteLength + BUS_FRAME_HEADER ? bytes : Buffer.from(bytes);
      entries.push({ ep, seq, bytes: own });
      if (entries.length > max) entries.splice(0, entries.length - max);
    },
    /**
     * The frames published after `seq` of epoch `ep`, oldest first (none when the client is up
     * to date). `epoch`: the newest batch here is of another engine run. `gap`: a batch the
     * client needs is not kept — older than the oldest, or never heard by this node (a fresh
     * node, a message the bus lost) — so the client refills instead of showing a hole.
     */
    since(ep: number, seq: number): Buffer[] | BacklogMiss {
      const newest = entries.at(-1);
      if (!newest) return 'gap';
      if (newest.ep !== ep) return 'epoch';
      if (seq >= newest.seq) return [];
      // Entries of one epoch are consecutive and their seqs rise by one; find seq + 1 from the end.
      const frames: Buffer[] = [];
      let want = newest.seq;
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i] as Entry;
        if (entry.ep !== ep || entry.seq !== want) return 'gap';
        frames.push(entry.bytes);
        if (want === seq + 1) return frames.reverse();
        want--;
      }
      return 'gap';
    },
    get size() {
      return entries.length;
    },
  };
}

export type Backlog = ReturnType<typeof createBacklog>;

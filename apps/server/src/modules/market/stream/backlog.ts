import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { STREAM_BACKLOG_MAX } from '@tapeline/core';

const inflate = promisify(inflateRaw);

interface Entry {
  /** The batch as broadcast (raw-deflated JSON) until it is first read. */
  bytes: Buffer | null;
  /** Its JSON text, inflated once; '' for a batch that did not inflate. */
  text: Promise<string> | null;
}

/**
 * The most recent stream batches, oldest first, for LOAD RECENT (`/data/stream_bk`, JSON).
 *
 * Batches arrive deflated every 250 ms and are read only when someone asks, so they are kept as
 * received (44% of the text's memory) and inflated on the first read, each at most once: a
 * batch that was read keeps its text and drops its bytes. Inflation runs in zlib's thread pool,
 * one batch at a time, so a first read of a busy backlog (~0.4 ms per batch, 1,000 batches)
 * neither blocks the event loop the stream is sent from nor fills the pool.
 */
export function createBacklog(max = STREAM_BACKLOG_MAX) {
  const entries: Entry[] = [];

  const textOf = (entry: Entry): Promise<string> => {
    if (!entry.text) {
      const bytes = entry.bytes ?? Buffer.alloc(0);
      entry.text = inflate(bytes).then(
        (inflated) => inflated.toString(),
        () => '',
      );
      entry.bytes = null;
    }
    return entry.text;
  };

  return {
    push(bytes: Buffer): void {
      // A view into a larger buffer (a socket's read chunk) would keep all of it alive here.
      const own = bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
      entries.push({ bytes: own, text: null });
      if (entries.length > max) entries.splice(0, entries.length - max);
    },
    /** `{data: [batch…]}` built from the batches' text, without parsing it again. */
    async json(): Promise<string> {
      const parts: string[] = [];
      for (const entry of [...entries]) {
        const text = await textOf(entry);
        if (text) parts.push(text);
      }
      return `{"data":[${parts.join(',')}]}`;
    },
    get size() {
      return entries.length;
    },
  };
}

export type Backlog = ReturnType<typeof createBacklog>;

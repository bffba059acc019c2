import type { StreamBatchRead, StreamEntry } from '@tapeline/core/api/streamEntry';
import type { RowList } from './rowSchemas.ts';

// The messages between the page and the rows worker (dataRows.worker.ts).

/**
 * Rows per message back: one message is one task on the page. 1,000 rows took ~6 ms to unpack
 * on the idle machine and over 50 ms on a loaded one (issue 27 §1): a quarter of that per task.
 */
export const ROWS_PER_MESSAGE = 250;

/** A long list to fetch, parse and check. */
export interface RowsFetch {
  id: number;
  /** Absolute URL of the data host path. */
  url: string;
  /** The data token, sent as `Authorization: Bearer`. */
  token: string;
  list: RowList;
}

/** A live stream frame to inflate, parse and check (the tab's socket hands them in). */
export interface BatchRead {
  id: number;
  bytes: ArrayBuffer | Uint8Array;
}

export type RowsRequest = RowsFetch | BatchRead;

export type RowsReply =
  /** The next rows of the answer, in order. */
  | { id: number; rows: unknown[] }
  /** Every row was sent. */
  | { id: number; done: true }
  /** The host did not answer 2xx (a 401 means the token lapsed). */
  | { id: number; status: number }
  /** The answer did not arrive, parse or match the list's schema. */
  | { id: number; error: string }
  /** The next entries of a stream frame's side, in order (a frame of the open holds thousands). */
  | { id: number; side: BatchSide; entries: StreamEntry[] }
  /** A stream frame read: its batch (the sides' entries came before it), or null when it did not inflate, parse or match. */
  | { id: number; batch: StreamBatchRead | null };

/** A batch's lists of entries, posted a slice at a time like a long list's rows. */
export const BATCH_SIDES = ['highs', 'lows', 'halts', 'uvols'] as const;
export type BatchSide = (typeof BATCH_SIDES)[number];

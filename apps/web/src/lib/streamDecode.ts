import {
  PROTOCOL_VERSION,
  protocolMismatch,
  type StreamBatchRead,
  type StreamBatchView,
} from '@tapeline/core';
import type { RowsClient } from './dataRows/rowsClient.ts';
import { readStreamBatch } from './dataRows/streamBatchRead.ts';
import { tabRows } from './dataRows/tabRows.ts';

let refusedVersion: number | null = null;

/** A batch of another protocol version is dropped, and said once per version on the console. */
function ofThisVersion(batch: StreamBatchRead): StreamBatchView | null {
  if (batch.v === PROTOCOL_VERSION) return batch;
  if (refusedVersion !== batch.v) {
    refusedVersion = batch.v;
    console.error(`Stream batch refused: ${protocolMismatch('the server', batch.v)}. Reload the page.`);
  }
  return null;
}

/**
 * One `compressedUpdate` frame to a batch of this protocol version (streamBatchRead.ts), read by
 * the tab's rows worker so that each frame's inflate, parse and check leave the page's thread
 * (the page only unpacks the posted batch); in the page where there is no worker or it failed.
 * Resolves null for a frame that is unreadable or of another version: dropped, never thrown.
 */
export async function decodeStreamBatch(
  bytes: ArrayBuffer | Uint8Array,
  rows: RowsClient | null = tabRows,
): Promise<StreamBatchView | null> {
  const read =
    rows && !rows.broken() ? rows.batch(bytes).catch(() => readStreamBatch(bytes)) : readStreamBatch(bytes);
  const batch = await read;
  return batch ? ofThisVersion(batch) : null;
}

/**
 * Decodes frames as they come and hands the batches on in arrival order: a small batch that
 * inflates sooner never overtakes a larger one sent before it. Bad batches are skipped.
 */
export function orderedStreamDecoder(
  deliver: (batch: StreamBatchView) => void,
): (bytes: ArrayBuffer | Uint8Array) => void {
  let chain: Promise<void> = Promise.resolve();
  return (bytes) => {
    const decoded = decodeStreamBatch(bytes);
    chain = chain.then(async () => {
      const batch = await decoded;
      if (!batch) return;
      try {
        deliver(batch);
      } catch (error) {
        // A listener's bug surfaces as an uncaught error without stalling later batches.
        setTimeout(() => {
          throw error;
        });
      }
    });
  };
}

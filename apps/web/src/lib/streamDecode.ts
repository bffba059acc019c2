import {
  PROTOCOL_VERSION,
  protocolMismatch,
  type StreamBatchRead,
  type StreamBatchView,
  streamBatchSchema,
} from '@tapeline/core';

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
 * One `compressedUpdate` frame to a batch: raw-deflated UTF-8 JSON, deflated once on the server
 * (docs/decisions.md, "Stream encoding"), its entries decoded to named fields by core's codec.
 * Resolves null for anything that does not inflate, parse, match the batch shape or name this
 * protocol version: a bad batch is dropped, never thrown.
 */
export async function decodeStreamBatch(bytes: ArrayBuffer | Uint8Array): Promise<StreamBatchView | null> {
  try {
    const inflated = new Blob([bytes as BlobPart])
      .stream()
      .pipeThrough(new DecompressionStream('deflate-raw'));
    const parsed = streamBatchSchema.safeParse(JSON.parse(await new Response(inflated).text()));
    return parsed.success ? ofThisVersion(parsed.data) : null;
  } catch {
    return null;
  }
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

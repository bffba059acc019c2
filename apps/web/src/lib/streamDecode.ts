import { type StreamBatchView, streamBatchSchema } from '@tapeline/core';

/**
 * One `compressedUpdate` frame to a batch: raw-deflated UTF-8 JSON, deflated once on the server
 * (docs/decisions.md, "Stream encoding"). Resolves null for anything that does not inflate, parse
 * or match the batch shape: a bad batch is dropped, never thrown.
 */
export async function decodeStreamBatch(bytes: ArrayBuffer | Uint8Array): Promise<StreamBatchView | null> {
  try {
    const inflated = new Blob([bytes as BlobPart])
      .stream()
      .pipeThrough(new DecompressionStream('deflate-raw'));
    const parsed = streamBatchSchema.safeParse(JSON.parse(await new Response(inflated).text()));
    return parsed.success ? parsed.data : null;
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

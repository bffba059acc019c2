import { type StreamBatchRead, streamBatchSchema } from '@tapeline/core/api/streamEntry';

/**
 * One `compressedUpdate` frame to a batch: raw-deflated UTF-8 JSON, deflated once on the server
 * (docs/decisions.md, "Stream encoding"), its entries decoded to named fields by core's codec.
 * Resolves null for anything that does not inflate, parse or match the batch shape: a bad batch
 * is dropped, never thrown. Run by the rows worker (off the page's thread), or in the page where
 * there is none; the version is the page's to check (lib/streamDecode.ts).
 */
export async function readStreamBatch(bytes: ArrayBuffer | Uint8Array): Promise<StreamBatchRead | null> {
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

import { ROW_SCHEMAS } from './rowSchemas.ts';
import {
  BATCH_SIDES,
  ROWS_PER_MESSAGE,
  type RowsFetch,
  type RowsReply,
  type RowsRequest,
} from './rowsProtocol.ts';
import { readStreamBatch } from './streamBatchRead.ts';

/** The rows worker's answer to any request: a long list, or a live stream frame read. */
export async function serve(
  request: RowsRequest,
  fetchImpl: typeof fetch,
  post: (reply: RowsReply) => void,
): Promise<void> {
  if ('bytes' in request) await serveBatch(request.id, request.bytes, post);
  else await serveRows(request, fetchImpl, post);
}

/**
 * A stream frame read off the page's thread and posted back its entries a slice at a time, then
 * the batch without them: at the open a frame holds 5,000–8,000 entries, whose structured clone
 * alone is a long task on the page in one message (issue 27 §1).
 */
async function serveBatch(
  id: number,
  bytes: ArrayBuffer | Uint8Array,
  post: (reply: RowsReply) => void,
): Promise<void> {
  const batch = await readStreamBatch(bytes);
  if (!batch) {
    post({ id, batch: null });
    return;
  }
  for (const side of BATCH_SIDES) {
    const entries = batch[side];
    for (let at = 0; at < entries.length; at += ROWS_PER_MESSAGE)
      post({ id, side, entries: entries.slice(at, at + ROWS_PER_MESSAGE) });
  }
  post({ id, batch: { ...batch, highs: [], lows: [], halts: [], uvols: [] } });
}

/**
 * The rows worker's work for one request: fetch, parse and check the list off the page's
 * thread, then post the rows back a slice at a time, so the page unpacks them in small tasks
 * between frames rather than parsing 4 MB of JSON in one (docs/continuity.md §8).
 */
export async function serveRows(
  request: RowsFetch,
  fetchImpl: typeof fetch,
  post: (reply: RowsReply) => void,
): Promise<void> {
  const { id } = request;
  try {
    const response = await fetchImpl(request.url, { headers: { Authorization: `Bearer ${request.token}` } });
    if (!response.ok) {
      post({ id, status: response.status });
      return;
    }
    const parsed = ROW_SCHEMAS[request.list].safeParse(await response.json());
    if (!parsed.success) {
      post({ id, error: `unreadable ${request.list} answer` });
      return;
    }
    const rows: unknown[] = parsed.data;
    for (let at = 0; at < rows.length; at += ROWS_PER_MESSAGE)
      post({ id, rows: rows.slice(at, at + ROWS_PER_MESSAGE) });
    post({ id, done: true });
  } catch (error) {
    post({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

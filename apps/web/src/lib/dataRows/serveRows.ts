import { ROW_SCHEMAS } from './rowSchemas.ts';
import { ROWS_PER_MESSAGE, type RowsFetch, type RowsReply, type RowsRequest } from './rowsProtocol.ts';
import { readStreamBatch } from './streamBatchRead.ts';

/** The rows worker's answer to any request: a long list, or a live stream frame read. */
export async function serve(
  request: RowsRequest,
  fetchImpl: typeof fetch,
  post: (reply: RowsReply) => void,
): Promise<void> {
  if ('bytes' in request) post({ id: request.id, batch: await readStreamBatch(request.bytes) });
  else await serveRows(request, fetchImpl, post);
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

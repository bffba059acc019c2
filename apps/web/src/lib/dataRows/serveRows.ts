import { ROW_SCHEMAS } from './rowSchemas.ts';
import { ROWS_PER_MESSAGE, type RowsReply, type RowsRequest } from './rowsProtocol.ts';

/**
 * The rows worker's work for one request: fetch, parse and check the list off the page's
 * thread, then post the rows back a slice at a time, so the page unpacks them in small tasks
 * between frames rather than parsing 4 MB of JSON in one (docs/continuity.md §8).
 */
export async function serveRows(
  request: RowsRequest,
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

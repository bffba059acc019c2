import type { z } from 'zod';
import { api } from './authApi.ts';
import { ROW_SCHEMAS, type RowList, type RowsOf } from './dataRows/rowSchemas.ts';
import { createRowsClient, type RowsAnswer, type RowsPort } from './dataRows/rowsClient.ts';
import { dataTokenSchema } from './dataTokenSchema.ts';

/**
 * The data host (`/data`) takes its own short-lived token from POST /api/auth/ds/login. A 401
 * means the token lapsed: log in to the data source again and retry once (spec §7).
 * Long lists (`rows`) are read by a worker when there is one (docs/continuity.md §8).
 */
export function createDataHostClient(options: {
  baseUrl: string;
  login: () => Promise<string>;
  fetchImpl?: typeof fetch;
  /** Starts the rows worker; without it long lists are read in the page. */
  rowsWorker?: () => RowsPort;
}) {
  let token: string | null = null;
  const doFetch = options.fetchImpl ?? fetch;
  const worker = options.rowsWorker ? createRowsClient(options.rowsWorker) : null;

  /** One try with the current token; after a 401, one more with a new token (spec §7). */
  async function withToken<T>(
    attempt: (token: string) => Promise<T>,
    status: (result: T) => number,
  ): Promise<T> {
    token ??= await options.login();
    const first = await attempt(token);
    if (status(first) !== 401) return first;
    token = await options.login();
    return attempt(token);
  }

  const client = {
    async get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
      const response = await withToken(
        (t) => doFetch(`${options.baseUrl}${path}`, { headers: { Authorization: `Bearer ${t}` } }),
        (r) => r.status,
      );
      if (!response.ok) throw new Error(`data host answered ${response.status} for ${path}`);
      return schema.parse(await response.json());
    },
    /** One of the host's long lists, fetched, parsed and checked off the page's thread. */
    async rows<L extends RowList>(path: string, list: L): Promise<RowsOf<L>> {
      if (!worker || worker.broken()) return client.get(path, ROW_SCHEMAS[list]) as Promise<RowsOf<L>>;
      const url = new URL(`${options.baseUrl}${path}`, globalThis.location?.href).href;
      const answer = await withToken(
        (t) => worker.fetch(url, t, list),
        (a: RowsAnswer<L>) => (a.ok ? 200 : a.status),
      );
      if (!answer.ok) throw new Error(`data host answered ${answer.status} for ${path}`);
      return answer.rows;
    },
    forget() {
      token = null;
    },
  };
  return client;
}

export const dataHost = createDataHostClient({
  baseUrl: '',
  login: async () => (await api.request('POST', '/api/auth/ds/login', dataTokenSchema)).token,
  rowsWorker:
    typeof Worker === 'undefined'
      ? undefined
      : () => new Worker(new URL('./dataRows/dataRows.worker.ts', import.meta.url), { type: 'module' }),
});

import { API_TIMEOUT_MS } from '@tapeline/core';
import type { z } from 'zod';
import { CallError, errorFailure, parseJson } from './api.ts';
import { api } from './authApi.ts';
import { ROW_SCHEMAS, type RowList, type RowsOf } from './dataRows/rowSchemas.ts';
import type { RowsAnswer, RowsClient } from './dataRows/rowsClient.ts';
import { tabRows } from './dataRows/tabRows.ts';
import { dataTokenSchema } from './dataTokenSchema.ts';

/**
 * The data host (`/data`) takes its own short-lived token from POST /api/auth/ds/login. A 401
 * means the token lapsed: log in to the data source again and retry once (spec §7).
 * Long lists (`rows`) are read by a worker when there is one (docs/continuity.md §8).
 * Like the API client (lib/api.ts), every call gives up after 5 s (API_TIMEOUT_MS, the body
 * included) and fails with a CallError, so screens word it with core's `messageFor`.
 */
export function createDataHostClient(options: {
  baseUrl: string;
  login: () => Promise<string>;
  fetchImpl?: typeof fetch;
  /** The rows worker's client; without it long lists are read in the page. */
  rowsWorker?: RowsClient | null;
  timeoutMs?: number;
}) {
  let token: string | null = null;
  const doFetch = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const worker = options.rowsWorker ?? null;

  /** One GET in the page: the status and body text, or a network failure after the timeout. */
  async function fetchText(path: string, t: string): Promise<{ status: number; text: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await doFetch(`${options.baseUrl}${path}`, {
        headers: { Authorization: `Bearer ${t}` },
        signal: controller.signal,
      });
      return { status: response.status, text: await response.text() };
    } catch {
      throw new CallError({ kind: 'network' });
    } finally {
      clearTimeout(timer);
    }
  }

  /** A worker's answer, or a network failure after the timeout (a late answer is dropped). */
  async function fromWorker<L extends RowList>(url: string, t: string, list: L): Promise<RowsAnswer<L>> {
    if (!worker) throw new Error('no rows worker');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CallError({ kind: 'network' })), timeoutMs);
    });
    try {
      return await Promise.race([worker.fetch(url, t, list), timedOut]);
    } catch (error) {
      // The worker could not fetch, parse or check the list, or it failed to load.
      throw error instanceof CallError ? error : new CallError({ kind: 'unknown' });
    } finally {
      clearTimeout(timer);
    }
  }

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
      const { status, text } = await withToken(
        (t) => fetchText(path, t),
        (r) => r.status,
      );
      if (status < 200 || status >= 300) throw new CallError(errorFailure(status, text));
      const parsed = schema.safeParse(parseJson(text));
      if (!parsed.success) throw new CallError({ kind: 'unknown' });
      return parsed.data;
    },
    /** One of the host's long lists, fetched, parsed and checked off the page's thread. */
    async rows<L extends RowList>(path: string, list: L): Promise<RowsOf<L>> {
      if (!worker || worker.broken()) return client.get(path, ROW_SCHEMAS[list]) as Promise<RowsOf<L>>;
      const url = new URL(`${options.baseUrl}${path}`, globalThis.location?.href).href;
      const answer = await withToken(
        (t) => fromWorker(url, t, list),
        (a: RowsAnswer<L>) => (a.ok ? 200 : a.status),
      );
      if (!answer.ok) throw new CallError(errorFailure(answer.status, ''));
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
  rowsWorker: tabRows,
});

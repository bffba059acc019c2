import type { RowList, RowsOf } from './rowSchemas.ts';
import type { RowsReply, RowsRequest } from './rowsProtocol.ts';

/** What the client needs of a Worker (a MessagePort in tests). */
export interface RowsPort {
  postMessage(message: RowsRequest): void;
  onmessage: ((event: MessageEvent<RowsReply>) => void) | null;
  onerror?: ((event: ErrorEvent) => void) | null;
}

/** A fetch through the worker: the rows, or the host's status when it was not 2xx. */
export type RowsAnswer<L extends RowList> = { ok: true; rows: RowsOf<L> } | { ok: false; status: number };

interface Pending {
  rows: unknown[];
  resolve(answer: RowsAnswer<RowList>): void;
  reject(error: Error): void;
}

/**
 * The page's side of the rows worker: requests by id, each answer's slices gathered in order.
 * A worker that fails (it could not load) fails what it had pending, and `broken()` tells the
 * data host client to read in the page from then on.
 */
export function createRowsClient(start: () => RowsPort) {
  let port: RowsPort | null = null;
  let failed = false;
  let next = 0;
  const pending = new Map<number, Pending>();

  function open(): RowsPort {
    if (port) return port;
    const p = start();
    p.onmessage = ({ data }) => {
      const waiting = pending.get(data.id);
      if (!waiting) return;
      if ('rows' in data) {
        for (const row of data.rows) waiting.rows.push(row);
        return;
      }
      pending.delete(data.id);
      if ('done' in data) waiting.resolve({ ok: true, rows: waiting.rows as RowsOf<RowList> });
      else if ('status' in data) waiting.resolve({ ok: false, status: data.status });
      else waiting.reject(new Error(data.error));
    };
    p.onerror = () => {
      failed = true;
      port = null;
      for (const waiting of pending.values()) waiting.reject(new Error('rows worker failed'));
      pending.clear();
    };
    port = p;
    return p;
  }

  return {
    fetch<L extends RowList>(url: string, token: string, list: L): Promise<RowsAnswer<L>> {
      const p = open();
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { rows: [], resolve: resolve as Pending['resolve'], reject });
        p.postMessage({ id, url, token, list });
      });
    },
    broken: () => failed,
  };
}

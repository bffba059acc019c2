import type { StreamBatchRead, StreamEntry } from '@tapeline/core/api/streamEntry';
import type { RowList, RowsOf } from './rowSchemas.ts';
import type { BatchSide, RowsReply, RowsRequest } from './rowsProtocol.ts';

/** What the client needs of a Worker (a MessagePort in tests). */
export interface RowsPort {
  postMessage(message: RowsRequest): void;
  onmessage: ((event: MessageEvent<RowsReply>) => void) | null;
  onerror?: ((event: ErrorEvent) => void) | null;
}

/** A fetch through the worker: the rows, or the host's status when it was not 2xx. */
export type RowsAnswer<L extends RowList> = { ok: true; rows: RowsOf<L> } | { ok: false; status: number };

/** A request waiting for its replies: true when the reply ended it. */
interface Pending {
  reply(data: RowsReply): boolean;
  reject(error: Error): void;
}

export type RowsClient = ReturnType<typeof createRowsClient>;

/**
 * The page's side of the rows worker: requests by id, each answer's slices gathered in order.
 * A worker that fails (it could not load) fails what it had pending, and `broken()` tells the
 * callers to read in the page from then on.
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
      if (pending.get(data.id)?.reply(data)) pending.delete(data.id);
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

  function ask(request: Omit<RowsRequest, 'id'>, waiting: Pending): void {
    const p = open();
    const id = ++next;
    pending.set(id, waiting);
    p.postMessage({ ...request, id } as RowsRequest);
  }

  return {
    fetch<L extends RowList>(url: string, token: string, list: L): Promise<RowsAnswer<L>> {
      return new Promise((resolve, reject) => {
        const rows: unknown[] = [];
        ask(
          { url, token, list },
          {
            reply(data) {
              if ('rows' in data) {
                for (const row of data.rows) rows.push(row);
                return false;
              }
              if ('done' in data) resolve({ ok: true, rows: rows as RowsOf<L> });
              else if ('status' in data) resolve({ ok: false, status: data.status });
              else if ('error' in data) reject(new Error(data.error));
              else reject(new Error('unexpected rows reply'));
              return true;
            },
            reject,
          },
        );
      });
    },
    /** A live stream frame read in the worker: its batch (any version), or null when unreadable. */
    batch(bytes: ArrayBuffer | Uint8Array): Promise<StreamBatchRead | null> {
      return new Promise((resolve, reject) => {
        const sides: Record<BatchSide, StreamEntry[]> = { highs: [], lows: [], halts: [], uvols: [] };
        ask(
          { bytes },
          {
            reply(data) {
              if ('entries' in data) {
                const list = sides[data.side];
                for (const entry of data.entries) list.push(entry);
                return false;
              }
              if ('batch' in data) resolve(data.batch && { ...data.batch, ...sides });
              else reject(new Error('unexpected batch reply'));
              return true;
            },
            reject,
          },
        );
      });
    },
    broken: () => failed,
  };
}

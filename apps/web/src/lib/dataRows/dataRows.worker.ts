/// <reference lib="webworker" />
import type { RowsReply, RowsRequest } from './rowsProtocol.ts';
import { serveRows } from './serveRows.ts';

// The rows worker: one per tab, started by the data host client on its first long list.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<RowsRequest>) => {
  void serveRows(event.data, fetch, (reply: RowsReply) => scope.postMessage(reply));
};

/// <reference lib="webworker" />
import type { RowsReply, RowsRequest } from './rowsProtocol.ts';
import { serve } from './serveRows.ts';

// The rows worker: one per tab (tabRows.ts), started on the first long list or stream frame.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<RowsRequest>) => {
  void serve(event.data, fetch, (reply: RowsReply) => scope.postMessage(reply));
};

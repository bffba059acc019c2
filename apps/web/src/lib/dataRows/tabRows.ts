import { createRowsClient, type RowsClient } from './rowsClient.ts';

/**
 * The tab's one rows worker, shared by the data host client (long lists, the recent stream) and
 * the tab's socket (each stream frame's inflate and parse): started by the first of them, so a
 * page that reads neither never loads it. None without Worker (jsdom): callers read in the page.
 */
export const tabRows: RowsClient | null =
  typeof Worker === 'undefined'
    ? null
    : createRowsClient(
        () => new Worker(new URL('./dataRows.worker.ts', import.meta.url), { type: 'module' }),
      );

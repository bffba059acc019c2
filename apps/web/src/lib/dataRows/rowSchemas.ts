// The schema's own module, not core's index: the worker is bundled apart from the page, and the
// index would bring every contract of core into it (37 KB gzipped instead of zod and this one).
import { streamRecentResponseSchema } from '@tapeline/core/api/streamEntry';
import { servedDiscoveryRowsSchema } from '@tapeline/core/discovery/servedRowSchema';
import { z } from 'zod';

// The data host's long lists, by name: read off the main thread by the rows worker (its
// messages name the list, since a schema cannot be posted), or in the page where there is no
// worker. One schema per list, used the same either way.

// A listing without a name still has a symbol worth finding.
const stockNamesSchema = z.array(
  z.object({
    s: z.string(),
    n: z
      .string()
      .nullish()
      .transform((n) => n ?? ''),
    c: z.number().int().optional(),
  }),
);

export const ROW_SCHEMAS = {
  /** GET /data/discovery?tf=: every row of a timeframe (10,000 for the whole market). */
  discovery: servedDiscoveryRowsSchema,
  /** GET /data/stock-names.json: every listed symbol with its name. */
  stockNames: stockNamesSchema,
  /**
   * GET /data/stream_bk?<query>: a channel's recent view, `{data: [batch]}` read as its one-batch
   * list (up to 300 entries a side, decoded by name: the heaviest read of a dashboard's load).
   */
  streamRecent: streamRecentResponseSchema.transform((answer) => answer.data),
} as const;

export type RowList = keyof typeof ROW_SCHEMAS;
export type RowsOf<L extends RowList> = z.infer<(typeof ROW_SCHEMAS)[L]>;

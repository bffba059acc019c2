import { z } from 'zod';
import type { ServedDiscoveryRow } from './row.ts';

const num = z.number();
const maybe = num.nullable();

/**
 * One served Discovery row (ServedDiscoveryRow): the keys a plan may not see are optional, since
 * the data host leaves them out. Extra keys are dropped rather than refused (a newer engine).
 * The one check of a row in the browser, whether fetched (`/data/discovery`) or patched live.
 */
export const servedDiscoveryRowSchema = z.object({
  s: z.string().min(1),
  l: num,
  p: z.tuple([num, num]).nullable(),
  pl: maybe,
  v: num,
  av: maybe,
  m: num,
  u: maybe,
  vw: maybe,
  e: num,
  f: maybe,
  sr: maybe.optional(),
  t: z.union([z.literal(0), z.literal(1)]),
  n: maybe,
  g: maybe.optional(),
  z: maybe.optional(),
  tr: maybe.optional(),
  st: z
    .tuple([num, num, z.union([z.literal(0), z.literal(1)])])
    .nullable()
    .optional(),
  mf: z.tuple([num, maybe]).optional(),
  rv: z.tuple([num, maybe]),
}) satisfies z.ZodType<ServedDiscoveryRow>;

export const servedDiscoveryRowsSchema = z.array(servedDiscoveryRowSchema);

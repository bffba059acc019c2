import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Log } from '../../../../platform/log.ts';
import type { SymbolDetails } from './backfill.ts';

// A vendor's per-symbol details (Massive: one REST call per ticker for its SIC sector and
// shares) kept in DATA_DIR/engine/reference-<vendor>.json between starts, so a restart asks
// only for tickers it has never seen or saw more than a week ago (docs/continuity.md §5).

/** Details older than this are asked again: sectors and share counts change rarely. */
export const DETAILS_MAX_AGE_MS = 7 * 24 * 3600_000;

const fileSchema = z.object({
  v: z.literal(1),
  tickers: z.record(
    z.string(),
    // JSON has no NaN: an unknown float is kept as null.
    z.object({ sector: z.number().int(), float: z.number().nullable(), at: z.number() }),
  ),
});
type DetailsFile = z.infer<typeof fileSchema>;

async function readCache(file: string): Promise<DetailsFile['tickers']> {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data.tickers : {};
  } catch {
    return {};
  }
}

/**
 * The details of `symbols`: fresh ones from the cache file, the rest from `ask` (the vendor),
 * which are then written back with the time they were asked. A cache that cannot be read is
 * empty; one that cannot be written is logged, and the details are still used.
 */
export async function cachedDetails(
  ask: (symbols: readonly string[]) => Promise<Map<string, SymbolDetails>>,
  file: string,
  symbols: readonly string[],
  now: number,
  logger: Log,
): Promise<Map<string, SymbolDetails>> {
  const kept = await readCache(file);
  const out = new Map<string, SymbolDetails>();
  const stale: string[] = [];
  for (const sym of symbols) {
    const hit = kept[sym];
    if (hit && now - hit.at < DETAILS_MAX_AGE_MS)
      out.set(sym, { sector: hit.sector, float: hit.float ?? Number.NaN });
    else stale.push(sym);
  }
  if (stale.length === 0) return out;
  const fresh = await ask(stale);
  for (const [sym, d] of fresh) {
    out.set(sym, d);
    kept[sym] = { sector: d.sector, float: Number.isFinite(d.float) ? d.float : null, at: now };
  }
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.tmp`;
    await writeFile(tmp, JSON.stringify({ v: 1, tickers: kept } satisfies DetailsFile));
    await rename(tmp, file);
  } catch (error) {
    logger.warn(`reference details not cached in ${file}: ${(error as Error).message}`);
  }
  return out;
}

import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { daysFromYmd, sessionOfDay } from '@tapeline/market';
import { z } from 'zod';
import {
  type BuiltHistory,
  buildHistory,
  type DailyBar,
  type SymbolHistory,
  type VendorBar,
} from '../history/buildHistory.ts';

// A replay tape's history (docs/continuity.md §5): an optional `<tape>.history.ndjson` beside
// `<tape>.ndjson`, read before the first event and seeded through the same builder as the
// vendors' REST history, so ATR, squeeze and trend are filled from the tape's first minute.
// One line per bar, any order:
//   {"type":"day","sym":"ABC","date":"2026-11-19","o":10,"h":11,"l":9.5,"c":10.5,"v":120000}
//   {"type":"15min","sym":"ABC","t":1763994600000,"o":10,"h":10.2,"l":9.9,"c":10.1,"v":8000}
// (`vw`, the bar's VWAP, optional on both.) Malformed lines are counted and skipped.

const price = z.number().positive().finite();
const ohlcv = {
  sym: z.string().regex(/^[A-Z][A-Z0-9.-]{0,15}$/),
  o: price,
  h: price,
  l: price,
  c: price,
  v: z.number().nonnegative().finite(),
  vw: price.optional(),
};
const lineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('day'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), ...ohlcv }),
  z.object({ type: z.literal('15min'), t: z.number().int().nonnegative(), ...ohlcv }),
]);

/** The history file that goes with a tape: `x.ndjson` → `x.history.ndjson`. */
export const historyFileOf = (tape: string): string => `${tape.replace(/\.ndjson$/, '')}.history.ndjson`;

export interface ReplayHistory {
  history: BuiltHistory;
  symbols: number;
  malformed: number;
}

/** Reads `file` into the engine's history at `now` (the tape's first event); null without a file. */
export async function readReplayHistory(file: string, now: number): Promise<ReplayHistory | null> {
  try {
    await access(file);
  } catch {
    return null;
  }
  const bySymbol = new Map<string, { daily: DailyBar[]; intraday: VendorBar[] }>();
  const of = (sym: string) => {
    const known = bySymbol.get(sym);
    if (known) return known;
    const fresh = { daily: [] as DailyBar[], intraday: [] as VendorBar[] };
    bySymbol.set(sym, fresh);
    return fresh;
  };
  let malformed = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim().length === 0) continue;
    let parsed: z.infer<typeof lineSchema>;
    try {
      parsed = lineSchema.parse(JSON.parse(line));
    } catch {
      malformed++;
      continue;
    }
    const { type, sym, ...bar } = parsed;
    if (parsed.type === '15min') {
      of(sym).intraday.push({
        t: parsed.t,
        o: bar.o,
        h: bar.h,
        l: bar.l,
        c: bar.c,
        v: bar.v,
        ...(bar.vw ? { vw: bar.vw } : {}),
      });
      continue;
    }
    const session = sessionOfDay(daysFromYmd(Number(parsed.date.replaceAll('-', ''))));
    if (!session || type !== 'day') {
      malformed++;
      continue;
    }
    of(sym).daily.push({
      day: session.day,
      t: session.start,
      o: bar.o,
      h: bar.h,
      l: bar.l,
      c: bar.c,
      v: bar.v,
      ...(bar.vw ? { vw: bar.vw } : {}),
    });
  }
  const histories: Map<string, SymbolHistory> = bySymbol;
  return { history: buildHistory(histories, now), symbols: bySymbol.size, malformed };
}
